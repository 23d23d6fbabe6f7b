// The TorchScript-style printout of a graph (what `.graph` shows in PyTorch):
//
//   graph(%x : Float(3, strides=[1], requires_grad=0, device=cpu),
//         %n : int):
//     %2 : int = prim::Constant[value=1]()
//     %y : Tensor = prim::If(%c) # f.py:4:4
//       block0():
//         %3 : Tensor = aten::relu(%x) # f.py:5:12
//         -> (%3)
//       block1():
//         -> (%x)
//     return (%y)
//
// Nodes print in block order, nested blocks indented by two more spaces, with attributes in
// brackets, the traced module scope, and the user source location as a trailing comment.
#include <sstream>

#include "graph/ir.h"

namespace kiln::graph {

namespace {

std::string value_list(const std::vector<Value*>& vs) {
    std::string s;
    for (size_t i = 0; i < vs.size(); ++i) {
        if (i) s += ", ";
        s += "%" + vs[i]->name();
    }
    return s;
}

std::string typed_list(const std::vector<Value*>& vs, const std::string& sep) {
    std::string s;
    for (size_t i = 0; i < vs.size(); ++i) {
        if (i) s += sep;
        s += "%" + vs[i]->name() + " : " + (vs[i]->type ? vs[i]->type->str() : std::string("Tensor"));
    }
    return s;
}

void print_block(std::ostringstream& os, const Block* b, int indent, bool locs);

void print_node(std::ostringstream& os, const Node* n, int indent, bool locs) {
    os << std::string(indent, ' ');
    os << typed_list(n->outputs, ", ");
    os << " = " << n->kind;
    if (!n->attrs.empty()) {
        os << "[";
        for (size_t i = 0; i < n->attrs.size(); ++i) {
            if (i) os << ", ";
            os << n->attrs[i].name << "=" << n->attrs[i].value.repr();
        }
        os << "]";
    }
    os << "(" << value_list(n->inputs) << ")";
    if (!n->scope.empty()) os << ", scope: " << n->scope;
    if (locs && n->loc.known()) os << " # " << n->loc.str();
    os << "\n";
    for (size_t i = 0; i < n->blocks.size(); ++i) {
        const Block* b = n->blocks[i];
        os << std::string(indent + 2, ' ') << "block" << i << "(" << typed_list(b->params(), ", ") << "):\n";
        print_block(os, b, indent + 4, locs);
        os << std::string(indent + 4, ' ') << "-> (" << value_list(b->returns()) << ")\n";
    }
}

void print_block(std::ostringstream& os, const Block* b, int indent, bool locs) {
    for (const Node* n : b->nodes) print_node(os, n, indent, locs);
}

}  // namespace

std::string Graph::str(bool print_source_locations) const {
    std::ostringstream os;
    os << "graph(" << typed_list(inputs(), ",\n      ") << "):\n";
    print_block(os, top_, 2, print_source_locations);
    os << "  return (" << value_list(outputs()) << ")\n";
    return os.str();
}

}  // namespace kiln::graph
