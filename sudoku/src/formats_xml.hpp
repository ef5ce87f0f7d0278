// A minimal XML reader for OpenSudoku's files (formats_opensudoku.cpp): a document becomes a
// tree of elements with their attributes and text, each placed at its line; a text that is
// not well-formed XML is refused at the line and column of the fault.
//
//   <?xml version="1.0"?>            the prolog: the declaration, comments, processing
//   <!-- comment -->                 instructions, a DOCTYPE without an internal subset
//   <opensudoku version="2">         element: name, attributes in ' or ", children, text
//     <folder name="A &amp; B">      entities: &amp; &lt; &gt; &quot; &apos; &#10; &#xA;
//       <game data='...'/>           an attribute's tab, CR and LF read as spaces (XML's
//     </folder>                      normalisation); &#10; stays a line end
//   </opensudoku>
//
// Not read: DTDs and the entities they declare, namespaces (a prefix is part of the name),
// encodings other than UTF-8 (whose bytes pass through unchecked).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::detail {

/// An attribute: its name, its value with references replaced, and where the value starts.
struct XmlAttribute {
    std::string name;       ///< as written
    std::string value;      ///< references replaced, white space normalised
    std::size_t line = 0;   ///< 1-based
    std::size_t column = 0; ///< 1-based, in characters
};

/// An element: its name, attributes, child elements and text (the character data directly
/// inside it, references replaced, CDATA included), and where its '<' is.
struct XmlElement {
    std::string name;                     ///< as written (a prefix is part of it)
    std::vector<XmlAttribute> attributes; ///< in the order written
    std::vector<XmlElement> children;     ///< in the order written
    std::string text;                     ///< every piece of character data, joined
    std::size_t line = 0;                 ///< 1-based
    std::size_t column = 0;               ///< 1-based, in characters

    /// The attribute called `attribute_name`, or null.
    [[nodiscard]] const XmlAttribute* attribute(std::string_view attribute_name) const;
};

/// Elements nested deeper than this are refused (the reader recurses once per level).
inline constexpr int deepest_xml_element = 64;

/// The root element of the XML document `text` (a UTF-8 byte-order mark allowed). Throws
/// FormatError at the line and column of the fault, saying what is wrong: a tag that is not
/// closed or closed by another, a '<' or '&' out of place, an unknown entity, an attribute
/// given twice, text or a second element outside the root, a DTD's internal subset. Lines are
/// counted from `first_line`.
[[nodiscard]] XmlElement parse_xml(std::string_view text, std::size_t first_line = 1);

/// `text` with & < > " ' written as references, for an attribute value or text.
[[nodiscard]] std::string xml_escape(std::string_view text);

} // namespace sudoku::detail
