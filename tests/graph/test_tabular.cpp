// graph.print_tabular(): the FX-style table of a TorchScript-style graph (graph/tabular.h), golden text.
#include <catch2/catch.hpp>

#include "graph/build.h"
#include "graph/tabular.h"
#include "support/program.h"

using namespace kiln;
using namespace kiln::graph;
using kiln::graph::test::op;

TEST_CASE("tabular: FX's five columns, constants as literals, kwargs from keyword-only arguments", "[graph]") {
    Graph g;
    Value* self = g.add_input(class_type("__torch__.M"), "self");
    Value* x = g.add_input(tensor_type(), "x");
    Node* w = g.insert("prim::GetAttr", {self}, 1);
    w->set_attr("name", IValue(std::string("weight")));
    w->output()->set_debug_name("weight");
    Node* add = op(g, "aten::add.Tensor", {x, w->output(), g.insert_constant(IValue(int64_t(2)))});
    Node* s = op(g, "aten::sum", {add->output(), g.insert_constant(IValue())});
    s->output()->set_debug_name("total");
    g.register_output(s->output());
    CHECK(graph_tabular(g) ==
          "opcode         name    target            args         kwargs\n"
          "-------------  ------  ----------------  -----------  -------------\n"
          "placeholder    self    self              ()           {}\n"
          "placeholder    x       x                 ()           {}\n"
          "get_attr       weight  weight            ()           {}\n"
          "call_function  4       aten::add.Tensor  (x, weight)  {alpha: 2}\n"
          "call_function  total   aten::sum         (4,)         {dtype: None}\n"
          "output         output  output            (total,)     {}\n");
}

TEST_CASE("tabular: control flow nests its blocks under the node, print_tabular prints it", "[graph]") {
    std::string out = testing::program_output(R"(
@torch.jit.script
def f(x, n: int):
    if n > 0:
        x = torch.relu(x)
    return x
f.graph.print_tabular()
)");
    CHECK(out ==
          "opcode         name      target        args      kwargs\n"
          "-------------  --------  ------------  --------  ------\n"
          "placeholder    x.1       x             ()        {}\n"
          "placeholder    n.1       n             ()        {}\n"
          "call_function  4         aten::gt.int  (n.1, 0)  {}\n"
          "call_function  x         prim::If      (4,)      {}\n"
          "block            block0                ()        {}\n"
          "call_function      x.5   aten::relu    (x.1,)    {}\n"
          "->               ->                    (x.5,)    {}\n"
          "block            block1                ()        {}\n"
          "->               ->                    (x.1,)    {}\n"
          "output         output    output        (x,)      {}\n");
}
