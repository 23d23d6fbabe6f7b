// AOT autograd's coverage of the op table: every overload that takes and returns tensors has a
// backward formula, a decomposition into ops with formulas, an in-place form functionalize.cpp
// rewrites, a reason it is not differentiable, or an entry on the commented gap list in
// engine/aot/derivatives.cpp. An op added to the table without a decision fails here, by name,
// instead of making a user's compiled training fall back to the FX interpreter. The gap list is
// printed on every run.
#include <catch2/catch.hpp>

#include <iostream>
#include <set>

#include "aot/derivatives.h"
#include "graph/op_registry.h"

TEST_CASE("aot coverage: every differentiable op of the op table has a formula or is on the gap list", "[aot]") {
    const auto rows = kiln::aot::op_table_coverage();
    REQUIRE(rows.size() > 150);
    std::set<std::string> covered;
    std::string missing, gaps;
    size_t formulas = 0, composites = 0, functionalized = 0, nondiff = 0, gap_count = 0;
    for (const auto& r : rows) {
        covered.insert(r.op);
        if (r.how == "formula") ++formulas;
        else if (r.how == "composite") ++composites;
        else if (r.how == "not differentiable") ++nondiff;
        else if (r.how == "gap") {
            ++gap_count;
            gaps += "  " + r.op + ": " + r.reason + "\n";
        } else if (r.how == "functionalized") {
            ++functionalized;
        } else {
            missing += "  " + r.op + (r.functional.empty() ? "" : " (in place; no " + r.functional + " in the op table)") + "\n";
        }
    }
    // The in-place ops' functional forms are rows of their own, decided like any other.
    for (const auto& r : rows)
        if (r.how == "functionalized") {
            INFO(r.op << " is functionalized to " << r.functional);
            CHECK(covered.count(r.functional) == 1);
        }
    std::cout << "AOT autograd over the op table: " << formulas << " formulas, " << composites << " composites, "
              << functionalized << " in-place ops functionalized, " << nondiff << " not differentiable, " << gap_count
              << " gaps:\n"
              << gaps;
    INFO("differentiable ops with no formula and not on the gap list (engine/aot/derivatives.cpp):\n" << missing);
    CHECK(missing.empty());
    // The lists name real ops that lack formulas.
    auto stale = kiln::aot::stale_coverage_entries();
    std::string stale_text;
    for (const auto& s : stale) stale_text += "  " + s + "\n";
    INFO("stale entries:\n" << stale_text);
    CHECK(stale.empty());
    // The ops the compiled training loops of the issue need are not gaps.
    for (const char* op : {"aten::cross_entropy_loss", "aten::nll_loss_nd", "aten::nll_loss_forward", "aten::log_softmax.int",
                           "aten::conv2d", "aten::max_pool2d", "aten::batch_norm", "aten::embedding", "aten::embedding_bag.padding_idx", "aten::dropout",
                           "aten::layer_norm", "aten::group_norm", "aten::scaled_dot_product_attention", "aten::cat",
                           "aten::stack", "aten::gather", "aten::index_select", "aten::index_copy", "aten::scatter_add", "aten::mse_loss",
                           "aten::l1_loss", "aten::smooth_l1_loss", "aten::binary_cross_entropy_with_logits",
                           "aten::adaptive_avg_pool2d", "aten::conv1d", "aten::index.Tensor", "aten::index_put",
                           "aten::flip", "aten::repeat", "aten::cumprod", "aten::diagonal", "aten::diag", "aten::trace",
                           "aten::einsum", "aten::slice_scatter", "aten::select_scatter", "aten::clamp.Tensor",
                           "aten::linalg_inv", "aten::linalg_det", "aten::linalg_slogdet", "aten::linalg_solve",
                           "aten::linalg_cholesky", "aten::linalg_eigh", "aten::linalg_svd", "aten::linalg_qr",
                           "aten::linalg_matrix_exp", "aten::ctc_loss.IntList", "aten::ctc_loss.Tensor",
                           "aten::instance_norm", "aten::as_strided"}) {
        INFO(op);
        bool ok = false;
        for (const auto& r : rows)
            if (r.op == op) ok = r.how == "formula" || r.how == "composite";
        CHECK(ok);
    }
}

TEST_CASE("aot coverage: every unary row of ops/pointwise.def with a backward expression is a formula", "[aot]") {
    // Those formulas are the .def expressions themselves, evaluated over graph values: written once.
    const auto ops = kiln::aot::differentiable_ops();
    std::set<std::string> have(ops.begin(), ops.end());
    for (const char* op : {"aten::neg", "aten::abs", "aten::exp", "aten::log", "aten::log1p", "aten::sqrt", "aten::rsqrt",
                           "aten::sin", "aten::cos", "aten::tanh", "aten::sigmoid", "aten::relu", "aten::erf",
                           "aten::reciprocal", "aten::sign", "aten::floor", "aten::ceil", "aten::round"}) {
        INFO(op);
        CHECK(have.count(op) == 1);
    }
}
