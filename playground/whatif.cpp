// The what-if model (see whatif.h): edited arguments -> values -> the engine's guard check on them.
#include "whatif.h"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "support/pyrepr.h"
#include "text.h"

namespace kiln::playground {

namespace dyn = capture::dynamo;
using V = dyn::WhatIfValue::Kind;

namespace {


bool parse_dtype(const std::string& text, DType* out) {
    std::string t = trim_blanks(text);
    if (t.rfind("torch.", 0) == 0) t = t.substr(6);
    for (int i = 0; i < kNumDTypes; ++i) {
        DType d = DType(i);
        if (t == dtype_short_name(d) || t == dtype_abbrev(d)) {
            *out = d;
            return true;
        }
    }
    return false;
}

// "8, 4" or "[8, 4]" or "" (a 0-d tensor).
bool parse_sizes(const std::string& text, Shape* out, std::string* error) {
    std::string t = trim_blanks(text);
    if (!t.empty() && (t.front() == '[' || t.front() == '(')) t = t.substr(1);
    if (!t.empty() && (t.back() == ']' || t.back() == ')')) t.pop_back();
    out->clear();
    if (trim_blanks(t).empty()) return true;
    size_t p = 0;
    while (p <= t.size()) {
        size_t q = t.find(',', p);
        std::string item = trim_blanks(t.substr(p, q == std::string::npos ? std::string::npos : q - p));
        if (item.empty() && q == std::string::npos && !out->empty()) break;  // a trailing comma
        bool digits = !item.empty() && item.size() <= 9;
        for (char c : item) digits = digits && std::isdigit(static_cast<unsigned char>(c));
        if (!digits) {
            *error = "sizes: expected whole numbers separated by commas (like 8, 4), got '" + item + "'";
            return false;
        }
        out->push_back(std::atoll(item.c_str()));
        if (q == std::string::npos) break;
        p = q + 1;
    }
    return true;
}

// A Python literal: int, float, True/False, None, a quoted string.
bool parse_literal(const std::string& text, dyn::WhatIfValue* v, std::string* error) {
    std::string t = trim_blanks(text);
    v->tensor = {};
    if (t == "True" || t == "False") {
        v->kind = V::Bool;
        v->bool_value = t == "True";
        v->type_name = "bool";
        return true;
    }
    if (t == "None") {
        v->kind = V::None;
        v->type_name = "NoneType";
        return true;
    }
    if (t.size() >= 2 && (t.front() == '\'' || t.front() == '"') && t.back() == t.front()) {
        std::string body = t.substr(1, t.size() - 2);
        if (body.find(t.front()) != std::string::npos || body.find('\\') != std::string::npos) {
            *error = "strings: plain text in quotes, without quotes or backslashes inside";
            return false;
        }
        v->kind = V::Str;
        v->str_value = body;
        v->type_name = "str";
        return true;
    }
    char* end = nullptr;
    if (!t.empty()) {
        long long i = std::strtoll(t.c_str(), &end, 10);
        if (end && *end == '\0') {
            v->kind = V::Int;
            v->int_value = i;
            v->type_name = "int";
            return true;
        }
        double d = std::strtod(t.c_str(), &end);
        if (end && *end == '\0' && std::isfinite(d)) {
            v->kind = V::Float;
            v->float_value = d;
            v->type_name = "float";
            return true;
        }
    }
    *error = "expected a Python constant (3, 0.5, True, None, 'text'), got '" + t + "'";
    return false;
}

std::string sizes_text(const Shape& s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
    return out;
}

}  // namespace

WhatIfEdit whatif_start(const CompileRecord& record) {
    WhatIfEdit e;
    e.compile_id = record.compile_id;
    for (const auto& [name, v] : record.inputs) {
        WhatIfArg a;
        a.name = name;
        a.seen = v;
        a.is_tensor = v.kind == V::Tensor;
        a.editable = v.kind != V::Other;
        if (a.is_tensor) {
            a.dtype = dtype_short_name(v.tensor.dtype);
            a.sizes = sizes_text(v.tensor.sizes);
            a.requires_grad = v.tensor.requires_grad;
        } else {
            a.literal = v.text();
        }
        e.args.push_back(std::move(a));
    }
    return e;
}

bool whatif_parse_arg(const WhatIfArg& a, dyn::WhatIfValue* out, std::string* error) {
    if (!a.editable) {
        *out = a.seen;
        return true;
    }
    if (!a.is_tensor) return parse_literal(a.literal, out, error);
    dyn::WhatIfValue v;
    v.kind = V::Tensor;
    v.type_name = "Tensor";
    if (!parse_dtype(a.dtype, &v.tensor.dtype)) {
        *error = "dtype: expected float32, float64, float16, bfloat16, int64, int32, int16, int8, uint8 or bool, got '" +
                 a.dtype + "'";
        return false;
    }
    if (!parse_sizes(a.sizes, &v.tensor.sizes, error)) return false;
    if (a.requires_grad && !dtype_is_floating(v.tensor.dtype)) {
        *error = "requires_grad: only floating point tensors can require gradients";
        return false;
    }
    v.tensor.device = a.seen.kind == V::Tensor ? a.seen.tensor.device : Device::CPU;
    v.tensor.requires_grad = a.requires_grad;
    // A new tensor is contiguous, unless the sizes are the ones seen: then it keeps the seen layout
    // (an unedited transposed input must not look like a change).
    if (a.seen.kind == V::Tensor && a.seen.tensor.sizes == v.tensor.sizes) {
        v.tensor.strides = a.seen.tensor.strides;
        v.tensor.contiguous = a.seen.tensor.contiguous;
    } else {
        v.tensor.strides = contiguous_strides(v.tensor.sizes);
        v.tensor.contiguous = true;
    }
    *out = v;
    return true;
}

WhatIfVerdict whatif_evaluate(const RunReport& report, const CompileRecord& record, const WhatIfEdit& edit) {
    WhatIfVerdict verdict;
    dyn::WhatIfInputs inputs;
    for (const WhatIfArg& a : edit.args) {
        dyn::WhatIfValue v;
        std::string error;
        if (!whatif_parse_arg(a, &v, &error)) verdict.errors.push_back(a.name + ": " + error);
        else inputs[a.name] = v;
    }
    if (!verdict.errors.empty()) {
        verdict.summary = "fix the inputs first";
        return verdict;
    }
    // Every entry of the same frame, newest first: the order Dynamo's cache lookup tries them.
    for (size_t k = report.compiles.size(); k-- > 0;) {
        const CompileRecord& c = report.compiles[k];
        if (c.function != record.function || c.first_line != record.first_line) continue;
        WhatIfEntryVerdict ev;
        ev.compile_id = c.compile_id;
        for (const auto& f : c.guard_facts) {
            WhatIfGuardResult g{&f, dyn::whatif_check(f, inputs)};
            if (g.result.outcome == dyn::WhatIfResult::Outcome::Fails && ev.first_failure.empty())
                ev.first_failure = g.result.reason;
            ev.guards.push_back(std::move(g));
        }
        if (ev.first_failure.empty() && verdict.hit.empty()) verdict.hit = c.compile_id;
        verdict.entries.push_back(std::move(ev));
    }
    if (!verdict.hit.empty()) {
        verdict.summary = "would reuse compiled entry " + verdict.hit + ": every guard holds";
    } else {
        verdict.summary = "would recompile:";
        for (const auto& ev : verdict.entries) verdict.summary += " [" + ev.compile_id + "] " + ev.first_failure + ";";
        if (!verdict.summary.empty() && verdict.summary.back() == ';') verdict.summary.pop_back();
    }
    return verdict;
}

std::string whatif_python(const dyn::WhatIfValue& v) {
    switch (v.kind) {
        case V::Tensor: {
            const auto& t = v.tensor;
            std::string sizes = "(" + sizes_text(t.sizes) + (t.sizes.size() == 1 ? ",)" : ")");
            std::string dtype = std::string(dtype_name(t.dtype));
            std::string s;
            if (dtype_is_floating(t.dtype)) s.append("torch.randn(").append(sizes).append(", dtype=").append(dtype).append(")");
            else if (t.dtype == DType::Bool) s.append("torch.zeros(").append(sizes).append(", dtype=torch.bool)");
            else if (t.dtype == DType::Int64) s.append("torch.randint(0, 10, ").append(sizes).append(")");
            else s.append("torch.randint(0, 10, ").append(sizes).append(", dtype=").append(dtype).append(")");
            if (t.requires_grad) s += ".requires_grad_()";
            return s;
        }
        case V::Int:
        case V::Float:
        case V::Bool:
        case V::None:
        case V::Str: return v.text();
        case V::Other: return "";
    }
    return "";
}

bool whatif_extra_call(const CompileRecord& record, const WhatIfEdit& edit, RunOptions::ExtraCall* out, std::string* error) {
    RunOptions::ExtraCall x;
    x.function = record.function;
    for (size_t i = 0; i < edit.args.size(); ++i) {
        const WhatIfArg& a = edit.args[i];
        if (i == 0 && a.name == "self" && record.function == "forward") continue;  // the compiled module itself
        dyn::WhatIfValue v;
        if (!whatif_parse_arg(a, &v, error)) {
            *error = a.name + ": " + *error;
            return false;
        }
        std::string expr = whatif_python(v);
        if (expr.empty()) {
            *error = a.name + " (" + a.seen.text() + ") cannot be rebuilt outside the program";
            return false;
        }
        x.args.emplace_back(a.name, expr);
    }
    *out = std::move(x);
    return true;
}

}  // namespace kiln::playground
