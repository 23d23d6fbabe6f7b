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
//
// A prim::fork keeps its task as a block in Kiln's IR, but prints the way TorchScript prints a
// node holding a subgraph: `%fut : Future[Tensor] = prim::fork_0(%x)` in place, and after the
// graph's return line `with prim::fork_0 = graph(%x : Tensor): ...`, numbered in print order.
#include <sstream>
#include <vector>

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

void print_block(std::ostringstream& os, const Block* b, int indent, bool locs, std::vector<const Node*>& groups);

bool prints_as_subgraph(const Node* n) { return n->kind == "prim::fork" && n->blocks.size() == 1; }

void print_node(std::ostringstream& os, const Node* n, int indent, bool locs, std::vector<const Node*>& groups) {
    os << std::string(indent, ' ');
    os << typed_list(n->outputs, ", ");
    os << " = " << n->kind;
    if (prints_as_subgraph(n)) {
        os << "_" << groups.size();
        groups.push_back(n);
    }
    if (!n->attrs.empty()) {
        os << "[";
        for (size_t i = 0; i < n->attrs.size(); ++i) {
            if (i) os << ", ";
            // prim::isinstance's types attribute prints as a list of types: types=[Tensor, int].
            if (n->kind == "prim::isinstance" && n->attrs[i].name == "types") {
                os << "types=[";
                const IValueList& ts = n->attrs[i].value.items();
                for (size_t k = 0; k < ts.size(); ++k) os << (k ? ", " : "") << ts[k].to_string();
                os << "]";
                continue;
            }
            os << n->attrs[i].name << "=" << n->attrs[i].value.repr();
        }
        os << "]";
    }
    os << "(" << value_list(n->inputs) << ")";
    if (!n->scope.empty()) os << ", scope: " << n->scope;
    if (locs && n->loc.known()) os << " # " << n->loc.str();
    os << "\n";
    if (prints_as_subgraph(n)) return;
    for (size_t i = 0; i < n->blocks.size(); ++i) {
        const Block* b = n->blocks[i];
        os << std::string(indent + 2, ' ') << "block" << i << "(" << typed_list(b->params(), ", ") << "):\n";
        print_block(os, b, indent + 4, locs, groups);
        os << std::string(indent + 4, ' ') << "-> (" << value_list(b->returns()) << ")\n";
    }
}

void print_block(std::ostringstream& os, const Block* b, int indent, bool locs, std::vector<const Node*>& groups) {
    for (const Node* n : b->nodes) print_node(os, n, indent, locs, groups);
}

// "graph(%a : T, ...):" + the body + "return (...)", then the subgraphs its forks hold.
void print_graph_block(std::ostringstream& os, const Block* b, bool locs) {
    std::vector<const Node*> groups;
    os << "graph(" << typed_list(b->params(), ",\n      ") << "):\n";
    print_block(os, b, 2, locs, groups);
    os << "  return (" << value_list(b->returns()) << ")\n";
    for (size_t i = 0; i < groups.size(); ++i) {
        os << "with " << groups[i]->kind << "_" << i << " = ";
        print_graph_block(os, groups[i]->blocks[0], locs);
    }
}

}  // namespace

std::string Graph::str(bool print_source_locations) const {
    std::ostringstream os;
    print_graph_block(os, top_, print_source_locations);
    return os.str();
}

}  // namespace kiln::graph
