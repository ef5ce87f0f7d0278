// Knuth's text of a problem as write_knuth() writes it, but for any problem: the primary items
// first, and none refused. Internal: a job file's digest of its problem is taken over this text
// (jobs.cpp), so that every problem has one, and problems that write_knuth() accepts keep the
// digest they had before it refused the others.
#pragma once

#include <dlx/problem.hpp>

#include <iosfwd>

namespace dlx::detail {

void write_knuth_text(std::ostream& out, const Problem& problem);

} // namespace dlx::detail
