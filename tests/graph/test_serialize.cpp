// torch.jit.save/load's archive: exact round trips of graphs (blocks, constants, tensors, names,
// source locations) and module objects; and a loader that rejects truncated, corrupted and hostile
// files with a clear error. The hostile cases re-seal the checksums after editing, so they reach
// the structural checks behind them.
#include <catch2/catch.hpp>

#include <cstring>
#include <random>

#include "graph/build.h"
#include "graph/interpret.h"
#include "graph/op_registry.h"
#include "graph/serialize.h"
#include "ops/ops.h"
#include "support/error.h"

using namespace kiln;
using namespace kiln::graph;
using kiln::graph::test::op;

namespace {

// y = x * w; for i in range(n): y = y + i; if flag: y = relu(y) else: y = -y
std::shared_ptr<Graph> sample_graph() {
    auto g = std::make_shared<Graph>();
    Value* x = g->add_input(complete_tensor_type(DType::Float32, {2}, {1}, false, Device::CPU), "x");
    Value* n = g->add_input(int_type(), "n");
    Value* flag = g->add_input(bool_type(), "flag");
    Value* w = g->insert_constant(IValue(tensor({2.0, 0.5}, {2})));
    Node* mul = op(*g, "aten::mul.Tensor", {x, w});
    mul->loc = {"model.py", 4, 8};
    mul->output()->set_debug_name("y");
    Value* t = g->insert_constant(IValue(true));
    Value* one = g->insert_constant(IValue(int64_t(1)));
    Node* loop = g->insert("prim::Loop", {n, t, mul->output()}, 1);
    Block* body = loop->add_block();
    Value* i = body->add_param(int_type(), "i");
    Value* y = body->add_param(tensor_type(), "y.1");
    g->set_insertion_block(body);
    Node* add = op(*g, "aten::add.Scalar", {y, i, one});
    body->register_return(t);
    body->register_return(add->output());
    g->set_insertion_block(g->block());
    Node* branch = g->insert("prim::If", {flag}, 1);
    Block* b0 = branch->add_block();
    Block* b1 = branch->add_block();
    g->set_insertion_block(b0);
    b0->register_return(op(*g, "aten::relu", {loop->output()})->output());
    g->set_insertion_block(b1);
    b1->register_return(op(*g, "aten::neg", {loop->output()})->output());
    g->set_insertion_block(g->block());
    Value* names = g->insert_constant(IValue::list({IValue("a"), IValue(2.5), IValue()}));
    (void)names;
    g->register_output(branch->output());
    verify(*g);
    return g;
}

std::vector<uint8_t> sample_archive() {
    Archive a;
    a.kind = "function";
    a.name = "f";
    a.graph = sample_graph();
    return save_archive(a);
}

IValueList run(const Graph& g, bool flag) {
    return run_graph(g, {IValue(tensor({1.0, -4.0}, {2})), IValue(int64_t(3)), IValue(flag)});
}

}  // namespace

TEST_CASE("serialize: a graph round-trips exactly", "[graph][serialize]") {
    auto bytes = sample_archive();
    Archive back = load_archive(bytes.data(), bytes.size());
    auto original = sample_graph();
    CHECK(back.kind == "function");
    CHECK(back.name == "f");
    CHECK(back.graph->str() == original->str());
    for (bool flag : {true, false})
        CHECK(run(*back.graph, flag)[0].to_tensor().to_double_vector() ==
              run(*original, flag)[0].to_tensor().to_double_vector());
    // Saving what was loaded gives the same bytes.
    Archive again = back;
    CHECK(save_archive(again) == bytes);
}

TEST_CASE("serialize: module objects keep their attribute tree and tensors", "[graph][serialize]") {
    auto self = std::make_shared<Object>();
    self->class_name = "__torch__.Net";
    auto fc = std::make_shared<Object>();
    fc->class_name = "__torch__.torch.nn.modules.linear.Linear";
    Tensor w = tensor({1, 2, 3, 4, 5, 6}, {2, 3});
    w.requires_grad_(true);
    fc->set("weight", IValue(w));
    fc->set("bias", IValue(tensor({0.5, -0.5}, {2}, DType::Float64)));
    self->set("fc", IValue::object(fc));
    self->set("steps", IValue(int64_t(7)));
    auto g = std::make_shared<Graph>();
    Value* s = g->add_input(class_type(self->class_name), "self.1");
    Node* get = g->insert("prim::GetAttr", {s}, 1);
    get->set_attr("name", IValue("steps"));
    get->output()->type = int_type();
    g->register_output(get->output());
    Archive a{"module", "Net", g, self};
    auto bytes = save_archive(a);
    Archive back = load_archive(bytes.data(), bytes.size());
    REQUIRE(back.self);
    CHECK(back.self->class_name == "__torch__.Net");
    auto lfc = back.self->find("fc")->to_object();
    const Tensor& lw = lfc->find("weight")->to_tensor();
    CHECK(lw.to_double_vector() == w.to_double_vector());
    CHECK(lw.requires_grad());
    CHECK(lfc->find("bias")->to_tensor().dtype() == DType::Float64);
    CHECK(run_graph(*back.graph, {IValue::object(back.self)})[0].to_int() == 7);
}

TEST_CASE("serialize: a scripted module's classes keep their methods, constants and slots", "[graph][serialize]") {
    auto self = std::make_shared<Object>();
    self->class_name = "__torch__.M";
    self->set("training", IValue(true));
    self->set("w", IValue(tensor({1.0, 2.0}, {2})));
    // helper(self, k: int=3) -> int: returns k
    auto g = std::make_shared<Graph>();
    g->add_input(class_type(self->class_name), "self");
    g->register_output(g->add_input(int_type(), "k"));
    ArchiveClass c{"__torch__.M", {{"training", bool_type()}, {"w", tensor_type()}}, {{"factor", IValue(2.5)}}, "", {}, {"w"}, {}};
    c.methods.push_back(ArchiveMethod{"helper", {ArchiveParam{"k", int_type(), false, IValue(int64_t(3))}}, int_type(), g});
    c.methods.push_back(ArchiveMethod{"skipped", {}, tensor_type(), nullptr});
    Archive a{"script_module", "M", g, self, {c}};
    auto bytes = save_archive(a);
    Archive back = load_archive(bytes.data(), bytes.size());
    REQUIRE(back.classes.size() == 1);
    const ArchiveClass& bc = back.classes[0];
    CHECK(bc.name == "__torch__.M");
    CHECK(bc.attributes.size() == 2);
    CHECK(bc.constants[0].second.to_double() == 2.5);
    CHECK(bc.parameters == std::vector<std::string>{"w"});
    REQUIRE(bc.methods.size() == 2);
    CHECK(bc.methods[0].params[0].default_value->to_int() == 3);
    CHECK(run_graph(*bc.methods[0].graph, {IValue::object(back.self), IValue(int64_t(9))})[0].to_int() == 9);
    CHECK_FALSE(bc.methods[1].graph);
    // A module archive of another kind may not carry classes, and a script_module needs them.
    a.kind = "module";
    auto wrong = save_archive(a);
    CHECK_THROWS_AS(load_archive(wrong.data(), wrong.size()), kiln::Error);
    a.kind = "script_module";
    a.classes.clear();
    auto none = save_archive(a);
    CHECK_THROWS_AS(load_archive(none.data(), none.size()), kiln::Error);
}

TEST_CASE("serialize: truncated, corrupted and foreign files are rejected clearly", "[graph][serialize]") {
    auto bytes = sample_archive();
    SECTION("every truncation") {
        for (size_t n = 0; n < bytes.size(); ++n)
            CHECK_THROWS_AS(load_archive(bytes.data(), n), kiln::Error);
    }
    SECTION("every single flipped byte") {
        for (size_t i = 0; i < bytes.size(); ++i) {
            auto b = bytes;
            b[i] ^= 0x5a;
            CHECK_THROWS_AS(load_archive(b.data(), b.size()), kiln::Error);
        }
    }
    SECTION("messages") {
        std::string text = "import torch\n";
        CHECK_THROWS_WITH(load_archive(reinterpret_cast<const uint8_t*>(text.data()), text.size()),
                          Catch::Contains("not a Kiln archive"));
        auto b = bytes;
        b[8] = 9;  // format version
        CHECK_THROWS_WITH(load_archive(b.data(), b.size()), Catch::Contains("version 9 is not supported"));
        b = bytes;
        b[b.size() / 2] ^= 1;
        CHECK_THROWS_WITH(load_archive(b.data(), b.size()), Catch::Contains("checksum mismatch"));
    }
}

TEST_CASE("serialize: forged files (valid checksums, hostile contents) never crash the loader", "[graph][serialize]") {
    auto bytes = sample_archive();
    std::mt19937 rng(1234);
    int rejected = 0, loaded = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        auto b = bytes;
        int edits = 1 + int(rng() % 4);
        for (int e = 0; e < edits; ++e) {
            size_t at = 16 + rng() % (b.size() - 20);
            b[at] = uint8_t(rng() % 3 == 0 ? 0xff : rng());
        }
        reseal_archive(b);
        try {
            Archive a = load_archive(b.data(), b.size());
            ++loaded;  // an edit that kept the file meaningful (a changed constant): it must still verify
            verify(*a.graph);
        } catch (const kiln::Error&) {
            ++rejected;
        }
    }
    CHECK(rejected > 0);
    CHECK(rejected + loaded == 3000);
}
