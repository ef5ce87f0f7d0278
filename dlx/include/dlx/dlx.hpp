// The whole public interface of the exact-cover engine in one include.
#pragma once

#include <dlx/big_count.hpp>
#include <dlx/dot.hpp>
#include <dlx/error.hpp>
#include <dlx/examples.hpp>
#include <dlx/knuth_format.hpp>
#include <dlx/memo.hpp>
#include <dlx/problem.hpp>
#include <dlx/random.hpp>
#include <dlx/solver.hpp>
#include <dlx/split.hpp>
#include <dlx/version.hpp>
#include <dlx/zdd.hpp>
