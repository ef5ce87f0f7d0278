// The library's exceptions (error.hpp): the one that carries a location.
#include <dlx/error.hpp>

namespace dlx {

ParseError::ParseError(std::string file, std::size_t line, std::size_t column,
                       const std::string& message)
    : Error(file + (line > 0 ? ":" + std::to_string(line) : "") +
            (line > 0 && column > 0 ? ":" + std::to_string(column) : "") + ": " + message),
      file_(std::move(file)), line_(line), column_(column), message_(message)
{
}

} // namespace dlx
