// Parity with real PyTorch: replays tests/parity/golden/foundation.json, which
// tests/parity/gen_foundation_goldens.py produced with PyTorch 2.11 (the command is in the file).
// Printing must match character for character; seeded random draws must match bit for bit.
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>

#include "nn/modules.h"
#include "support/check.h"

using namespace kiln;
using json = nlohmann::json;

namespace {

const json& goldens() {
    static json data = [] {
        std::ifstream in(std::string(KILN_SOURCE_DIR) + "/tests/parity/golden/foundation.json");
        REQUIRE(in.good());
        return json::parse(in);
    }();
    return data;
}

DType parse_dtype(const std::string& s) {
    if (s == "float32") return DType::Float32;
    if (s == "float64") return DType::Float64;
    if (s == "float16") return DType::Float16;
    if (s == "bfloat16") return DType::BFloat16;
    if (s == "int64") return DType::Int64;
    if (s == "bool") return DType::Bool;
    FAIL("unknown dtype " << s);
    return DType::Float32;
}

double parse_value(const json& v) {
    if (v.is_string()) return std::strtod(v.get<std::string>().c_str(), nullptr);  // "nan", "inf", repr
    if (v.is_boolean()) return v.get<bool>() ? 1.0 : 0.0;
    return v.get<double>();
}

}  // namespace

TEST_CASE("tensor printing matches PyTorch", "[parity][print]") {
    int checked = 0;
    for (const json& c : goldens()["cases"]) {
        if (c["kind"] != "print") continue;
        std::vector<double> values;
        for (const json& v : c["values"]) values.push_back(parse_value(v));
        Shape shape = c["shape"].get<Shape>();
        Tensor t = tensor(values, shape, parse_dtype(c["dtype"]), c["requires_grad"].get<bool>());
        INFO("case " << c["name"].get<std::string>());
        CHECK(t.repr() == c["repr"].get<std::string>());
        ++checked;
    }
    CHECK(checked >= 30);
}

TEST_CASE("seeded random draws match PyTorch bit for bit", "[parity][random]") {
    int checked = 0;
    for (const json& c : goldens()["cases"]) {
        if (c["kind"] != "random") continue;
        manual_seed(c["seed"].get<uint64_t>());
        for (const json& d : c["draws"]) {
            Shape shape = d["shape"].get<Shape>();
            DType dt = parse_dtype(d["dtype"]);
            std::string op = d["op"];
            Tensor t = op == "rand"    ? rand(shape, {dt})
                       : op == "randn" ? randn(shape, {dt})
                                       : randint(d["low"].get<int64_t>(), d["high"].get<int64_t>(), shape);
            std::vector<double> got = t.to_double_vector();
            const json& expected = d["values"];
            REQUIRE(got.size() == expected.size());
            INFO("seed " << c["seed"] << " draw " << op << shape_str(shape) << " " << dtype_name(dt));
            for (size_t i = 0; i < got.size(); ++i) {
                double want = parse_value(expected[i]);
                // float32 normals go through float log/sin/cos: allow one float ulp there.
                double tol = (op == "randn" && dt == DType::Float32) ? std::fabs(want) * 2e-7 : 0.0;
                INFO("element " << i << ": want " << want << " got " << got[i]);
                CHECK(std::fabs(got[i] - want) <= tol);
            }
            ++checked;
        }
    }
    CHECK(checked >= 10);
}

// Default initialisation after torch.manual_seed: the same RNG draws in the same order give the same
// parameters, so a seeded lesson prints PyTorch's numbers. Also checks each module's repr.
TEST_CASE("nn module initialisation and repr match PyTorch", "[parity][nn]") {
    std::map<std::string, std::function<nn::ModulePtr()>> makers = {
        {"linear_3_2", [] { return std::make_shared<nn::Linear>(3, 2); }},
        {"conv_2_3_k3", [] { return std::make_shared<nn::Conv2d>(2, 3, std::vector<int64_t>{3}); }},
        {"embedding_4_3", [] { return std::make_shared<nn::Embedding>(4, 3); }},
        {"mlp",
         [] {
             return std::make_shared<nn::Sequential>(std::vector<nn::ModulePtr>{
                 std::make_shared<nn::Linear>(4, 8), std::make_shared<nn::ReLU>(), std::make_shared<nn::Linear>(8, 2)});
         }},
    };
    int checked = 0;
    for (const json& c : goldens()["cases"]) {
        if (c["kind"] != "init") continue;
        std::string name = c["name"];
        INFO("module " << name);
        REQUIRE(makers.count(name));
        manual_seed(c["seed"].get<uint64_t>());
        nn::ModulePtr m = makers[name]();
        CHECK(m->repr() == c["repr"].get<std::string>());
        nn::NamedTensors params = m->named_parameters();
        REQUIRE(params.size() == c["params"].size());
        for (size_t i = 0; i < params.size(); ++i) {
            const json& p = c["params"][i];
            INFO("parameter " << p["name"].get<std::string>());
            CHECK(params[i].first == p["name"].get<std::string>());
            CHECK(params[i].second.sizes() == p["shape"].get<Shape>());
            std::vector<double> got = params[i].second.to_double_vector();
            REQUIRE(got.size() == p["values"].size());
            for (size_t j = 0; j < got.size(); ++j) {
                double want = parse_value(p["values"][j]);
                CHECK(std::fabs(got[j] - want) <= std::fabs(want) * 2e-7);
            }
        }
        ++checked;
    }
    CHECK(checked == 4);
}
