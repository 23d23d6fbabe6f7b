// The graph layer's foundations: schema parsing and printing (round trips of real aten schemas,
// errors with a column), the op registry's lookups, argument matching, op-table kernels against the
// eager ops they wrap, TorchScript's type spellings and unification, and IValue constant printing.
#include <cmath>

#include "graph/ivalue.h"
#include "graph/op_registry.h"
#include "graph/type.h"
#include "ops/ops.h"
#include "support/check.h"
#include "support/error.h"

using namespace kiln;
using namespace kiln::graph;
using kiln::testing::check_close;
using kiln::testing::test_input;

namespace {

// Runs a registered overload with all arguments given in schema order.
IValueList run_op(const std::string& qualified, IValueList args) {
    const OpSchema* s = find_schema(qualified);
    REQUIRE(s != nullptr);
    REQUIRE(args.size() == s->args.size());
    for (size_t i = 0; i < args.size(); ++i) {
        INFO(qualified << " argument " << s->args[i].name);
        REQUIRE(value_fits(args[i], s->args[i]));
        args[i] = coerce_argument(args[i], s->args[i]);
    }
    return s->kernel(args);
}

// Fills every argument after the given ones from the schema's defaults.
IValueList with_defaults(const std::string& qualified, IValueList args) {
    const OpSchema* s = find_schema(qualified);
    REQUIRE(s != nullptr);
    for (size_t i = args.size(); i < s->args.size(); ++i) {
        REQUIRE(s->args[i].default_value.has_value());
        args.push_back(*s->args[i].default_value);
    }
    return args;
}

std::string parse_error(const std::string& text) {
    try {
        parse_schema(text);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("schemas of real aten ops print back as written", "[graph]") {
    const char* schemas[] = {
        "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
        "aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
        "aten::sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
        "aten::linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor",
        "aten::softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor",
        "aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)",
        "aten::to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False, bool copy=False, "
        "MemoryFormat? memory_format=None) -> Tensor(a)",
        "aten::dropout(Tensor input, float p, bool train) -> Tensor",
        "aten::batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, "
        "bool training, float momentum, float eps, bool cudnn_enabled) -> Tensor",
        "aten::slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> "
        "Tensor(a)",
        "aten::select.int(Tensor(a) self, int dim, SymInt index) -> Tensor(a)",
        "aten::zeros(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=None) -> Tensor",
        "aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
        "aten::layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight=None, Tensor? bias=None, "
        "float eps=1e-05, bool cudnn_enable=True) -> Tensor",
        "aten::conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] stride=1, SymInt[2] padding=0, "
        "SymInt[2] dilation=1, SymInt groups=1) -> Tensor",
        "aten::max_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, int[2] dilation=1, "
        "bool ceil_mode=False) -> Tensor",
        "aten::split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]",
        "aten::contiguous(Tensor(a) self, *, MemoryFormat memory_format=contiguous_format) -> Tensor(a)",
        "aten::randint(SymInt high, SymInt[] size, *, ScalarType? dtype=long, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=None) -> Tensor",
        "aten::gelu(Tensor self, *, str approximate=\"none\") -> Tensor",
        "aten::div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor",
        "aten::leaky_relu(Tensor self, Scalar negative_slope=0.01) -> Tensor",
        "aten::__getitem__.t(t[](a) list, int idx) -> t(*)",
        "aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)",
        "aten::var.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> "
        "Tensor",
        "aten::index.Tensor(Tensor self, Tensor?[] indices) -> Tensor",
        "aten::_foreach_add.List(Tensor[] self, Tensor[] other, *, Scalar alpha=1) -> Tensor[]",
        "aten::rrelu(Tensor self, Scalar lower=0.125, Scalar upper=0.3333333333333333, bool training=False, "
        "Generator? generator=None) -> Tensor",
        "aten::clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor",
        "aten::_weird(Tensor self, float a=-1., int[] b=[0, 0], bool[3] c=[True, False, True]) -> ()",
        "prim::TupleOut(int a) -> (int, float)",
    };
    for (const char* text : schemas) {
        INFO(text);
        CHECK(parse_schema(text).str() == text);
    }
}

TEST_CASE("schema parsing: types, defaults and flags", "[graph]") {
    OpSchema s = parse_schema("aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)");
    CHECK(s.name == "aten::add_");
    CHECK(s.overload == "Tensor");
    CHECK(s.qualified() == "aten::add_.Tensor");
    CHECK(s.is_inplace());
    REQUIRE(s.args.size() == 3);
    CHECK(s.args[0].is_write);
    CHECK_FALSE(s.args[1].is_write);
    CHECK(s.args[2].kwarg_only);
    CHECK(s.args[2].type->kind == TypeKind::Number);
    CHECK(s.args[2].default_value->to_int() == 1);
    CHECK(s.arg_index("other") == 1);
    CHECK(s.arg_index("nope") == -1);

    // Whitespace is normalised; single-quoted strings print with double quotes (c10's printer).
    OpSchema g = parse_schema("aten::gelu( Tensor self ,*, str approximate='tanh' )->Tensor");
    CHECK(g.str() == "aten::gelu(Tensor self, *, str approximate=\"tanh\") -> Tensor");
    CHECK(g.args[1].default_value->to_string() == "tanh");

    // Enum defaults are ints; sized lists expand a single default.
    OpSchema c = find_schema("aten::conv2d") ? *find_schema("aten::conv2d") : OpSchema{};
    REQUIRE(c.args.size() == 7);
    CHECK(c.args[3].list_size == 2);
    CHECK(c.args[3].type_text == "SymInt[2]");
    CHECK(type_equal(c.args[3].type, list_type(int_type())));
    CHECK(c.args[4].default_value->to_int_list() == std::vector<int64_t>{0, 0});
    OpSchema ct = parse_schema("aten::contiguous(Tensor(a) self, *, MemoryFormat memory_format=contiguous_format) "
                               "-> Tensor(a)");
    CHECK(ct.args[1].default_value->to_int() == 0);
    CHECK(ct.args[1].type->kind == TypeKind::Int);
    OpSchema mse = parse_schema("aten::mse_loss(Tensor self, Tensor target, int reduction=Mean) -> Tensor");
    CHECK(mse.args[2].default_value->to_int() == 1);
    CHECK(mse.str() == "aten::mse_loss(Tensor self, Tensor target, int reduction=1) -> Tensor");
    OpSchema ln = *find_schema("aten::layer_norm");
    CHECK(ln.args[4].default_value->is_double());
    CHECK(ln.args[4].default_value->to_double() == 1e-5);

    // Returns.
    CHECK(parse_schema("aten::f(Tensor x) -> ()").returns.empty());
    OpSchema mx = parse_schema("aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)");
    REQUIRE(mx.returns.size() == 2);
    CHECK(mx.returns[1].name == "indices");
    OpSchema sp = parse_schema("aten::split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]");
    CHECK(type_equal(sp.returns[0].type, list_type(tensor_type())));
    CHECK(type_equal(parse_schema("aten::f(Tensor?[] i) -> Tensor").args[0].type, list_type(optional_type(tensor_type()))));
    CHECK_FALSE(parse_schema("aten::__getitem__.t(t[](a) list, int idx) -> t(*)").is_inplace());
}

TEST_CASE("schema parse errors name the column", "[graph]") {
    CHECK_THAT(parse_error("aten::f(Tensor self -> Tensor"),
               Catch::Contains("column 21") && Catch::Contains("expected"));
    CHECK_THAT(parse_error("aten::f(Tensr self) -> Tensor"), Catch::Contains("column 9") && Catch::Contains("Tensr"));
    CHECK_THAT(parse_error("aten::f(Tensor) -> Tensor"), Catch::Contains("column 15") && Catch::Contains("argument name"));
    CHECK_THAT(parse_error("f(Tensor self) -> Tensor"), Catch::Contains("column 2"));
    CHECK_THAT(parse_error("aten::f(int x=1.5) -> Tensor"), Catch::Contains("column 15"));
    CHECK_THAT(parse_error("aten::f(Tensor x) -> Tensor, int"), Catch::Contains("column 28"));
    CHECK_THAT(parse_error("aten::f(int x=None) -> Tensor"), Catch::Contains("column 15"));
}

TEST_CASE("the registry finds overloads", "[graph]") {
    const auto& adds = overloads("aten::add");
    REQUIRE(adds.size() >= 2);
    CHECK(adds[0]->qualified() == "aten::add.Tensor");
    CHECK(adds[1]->qualified() == "aten::add.Scalar");
    CHECK(overloads("aten::no_such_op").empty());
    CHECK(find_schema("aten::relu") != nullptr);
    CHECK(find_schema("aten::relu")->overload.empty());
    CHECK(find_schema("aten::add.Nope") == nullptr);
    std::vector<std::string> names = registered_op_names();
    CHECK(std::is_sorted(names.begin(), names.end()));
    CHECK(std::find(names.begin(), names.end(), "aten::linear") != names.end());
    CHECK(names.size() > 150);
    // Every table schema prints in a form that parses back to itself, and has a kernel.
    for (const std::string& n : names)
        for (const OpSchema* s : overloads(n)) {
            INFO(s->str());
            CHECK(parse_schema(s->str()).str() == s->str());
            CHECK(static_cast<bool>(s->kernel));
        }
    // Registering the same overload twice is a table bug.
    CHECK_THROWS_WITH(register_op("aten::relu(Tensor self) -> Tensor", nullptr), Catch::Contains("multiple times"));
}

TEST_CASE("value_fits and coerce_argument", "[graph]") {
    const OpSchema& conv = *find_schema("aten::conv2d");
    const SchemaArg& stride = conv.args[3];
    CHECK(value_fits(IValue(2), stride));
    CHECK(value_fits(IValue::int_list({2, 1}), stride));
    CHECK(value_fits(IValue::tuple({IValue(2), IValue(1)}), stride));
    CHECK_FALSE(value_fits(IValue(2.0), stride));
    CHECK(coerce_argument(IValue(2), stride).to_int_list() == std::vector<int64_t>{2, 2});
    CHECK(coerce_argument(IValue::tuple({IValue(2), IValue(1)}), stride).is_list());

    const OpSchema& add = *find_schema("aten::add.Tensor");
    CHECK(value_fits(IValue(ones({2})), add.args[0]));
    CHECK_FALSE(value_fits(IValue(1), add.args[0]));
    CHECK(value_fits(IValue(1), add.args[2]));    // Scalar: int
    CHECK(value_fits(IValue(0.5), add.args[2]));  // float
    CHECK(value_fits(IValue(true), add.args[2]));  // bool
    CHECK_FALSE(value_fits(IValue("x"), add.args[2]));

    const OpSchema& lin = *find_schema("aten::linear");
    CHECK(value_fits(IValue(), lin.args[2]));  // Tensor? takes None
    const OpSchema& drop = *find_schema("aten::dropout");
    CHECK(value_fits(IValue(1), drop.args[1]));  // int where float
    IValue p = coerce_argument(IValue(1), drop.args[1]);
    CHECK(p.is_double());
    CHECK_FALSE(value_fits(IValue(1), drop.args[2]));  // int is not bool

    const OpSchema& cat_s = *find_schema("aten::cat");
    CHECK(value_fits(IValue::tensor_list({ones({1}), zeros({1})}), cat_s.args[0]));
    CHECK_FALSE(value_fits(IValue::int_list({1}), cat_s.args[0]));

    const OpSchema& to = *find_schema("aten::to.dtype_layout");
    CHECK(value_fits(IValue("cpu"), to.args[3]));
    CHECK(coerce_argument(IValue("cpu"), to.args[3]).to_device() == Device::CPU);
    const OpSchema& bern = *find_schema("aten::bernoulli.p");
    CHECK(value_fits(IValue(), bern.args[2]));
    CHECK_FALSE(value_fits(IValue(1), bern.args[2]));  // Generator: only None
}

TEST_CASE("op-table kernels agree with the eager ops", "[graph]") {
    const Tensor x = test_input({2, 3}, 1), y = test_input({2, 3}, 2), w = test_input({4, 3}, 3),
                 b = test_input({4}, 4);

    check_close(run_op("aten::add.Tensor", {x, y, IValue(2)})[0].to_tensor(), add(x, y, Scalar(int64_t(2))));
    check_close(run_op("aten::rsub.Scalar", {x, IValue(1.5), IValue(2)})[0].to_tensor(),
                rsub(mul(x, Scalar(int64_t(2))), Scalar(1.5)));
    check_close(run_op("aten::linear", {x, w, b})[0].to_tensor(), linear(x, w, b));
    check_close(run_op("aten::linear", with_defaults("aten::linear", {x, w}))[0].to_tensor(), linear(x, w));
    check_close(run_op("aten::sum.dim_IntList", {x, IValue::int_list({1}), IValue(true), IValue()})[0].to_tensor(),
                sum(x, {1}, true));
    check_close(run_op("aten::sum.dim_IntList", {x, IValue(), IValue(false), IValue()})[0].to_tensor(), sum(x));
    check_close(run_op("aten::softmax.int", {x, IValue(-1), IValue()})[0].to_tensor(), softmax(x, -1));
    Tensor f64 = run_op("aten::to.dtype", with_defaults("aten::to.dtype", {x, IValue(int64_t(7))}))[0].to_tensor();
    CHECK(f64.dtype() == DType::Float64);
    // _to_copy always copies, also when nothing changes (what __torch_dispatch__ handlers call)
    Tensor copied = run_op("aten::_to_copy", with_defaults("aten::_to_copy", {x}))[0].to_tensor();
    CHECK(copied.impl() != x.impl());
    check_close(copied, x);
    Tensor f64c = run_op("aten::_to_copy", {x, IValue(int64_t(7)), IValue(), IValue(), IValue(), IValue(false), IValue()})[0].to_tensor();
    CHECK(f64c.dtype() == DType::Float64);
    check_close(run_op("aten::gelu", {x, IValue("tanh")})[0].to_tensor(), gelu(x, "tanh"));
    check_close(run_op("aten::slice.Tensor", {x, IValue(1), IValue(1), IValue(), IValue(1)})[0].to_tensor(),
                slice(x, 1, 1, std::nullopt));
    check_close(run_op("aten::view", {x, IValue::int_list({3, -1})})[0].to_tensor(), view(x, {3, 2}));

    IValueList mx = run_op("aten::max.dim", {x, IValue(1), IValue(false)});
    REQUIRE(mx.size() == 2);
    auto [mv, mi] = max(x, 1);
    check_close(mx[0].to_tensor(), mv);
    CHECK(equal(mx[1].to_tensor(), mi));

    const Tensor img = test_input({1, 2, 5, 5}, 5), k = test_input({3, 2, 3, 3}, 6);
    check_close(run_op("aten::conv2d", with_defaults("aten::conv2d", {img, k}))[0].to_tensor(), conv2d(img, k));
    check_close(run_op("aten::max_pool2d", with_defaults("aten::max_pool2d", {img, IValue::int_list({2, 2})}))[0]
                    .to_tensor(),
                max_pool2d(img, {2, 2}));
    check_close(run_op("aten::layer_norm", with_defaults("aten::layer_norm", {x, IValue::int_list({3})}))[0].to_tensor(),
                layer_norm(x, {3}));
    const Tensor target = tensor({0, 2}, {2}, DType::Int64);
    check_close(run_op("aten::cross_entropy_loss", with_defaults("aten::cross_entropy_loss", {x, target}))[0].to_tensor(),
                cross_entropy(x, target));
    check_close(run_op("aten::mse_loss", {x, y, IValue(2)})[0].to_tensor(), mse_loss(x, y, "sum"));

    // In place: the same tensor comes back, mutated.
    Tensor z = clone(x);
    IValueList r = run_op("aten::add_.Scalar", {z, IValue(1), IValue(1)});
    CHECK(r[0].to_tensor().is_same(z));
    check_close(z, add(x, Scalar(int64_t(1))));

    IValueList parts = run_op("aten::chunk", {x, IValue(3), IValue(1)});
    CHECK(parts[0].to_tensor_list().size() == 3);
    check_close(run_op("aten::cat", {parts[0], IValue(1)})[0].to_tensor(), x);

    Tensor ar = run_op("aten::arange.start_step", with_defaults("aten::arange.start_step", {IValue(0), IValue(5)}))[0]
                    .to_tensor();
    CHECK(ar.dtype() == DType::Int64);
    CHECK(ar.to_int_vector() == std::vector<int64_t>{0, 1, 2, 3, 4});
    Tensor zf = run_op("aten::zeros", {IValue::int_list({2}), IValue(int64_t(7)), IValue(), IValue(Device::CPU), IValue()})[0]
                    .to_tensor();
    CHECK(zf.dtype() == DType::Float64);
}

TEST_CASE("scalar builtins follow Python", "[graph]") {
    CHECK(run_op("aten::floordiv.int", {IValue(-7), IValue(2)})[0].to_int() == -4);
    CHECK(run_op("aten::remainder.int", {IValue(-7), IValue(2)})[0].to_int() == 1);
    CHECK(run_op("aten::div.int", {IValue(7), IValue(2)})[0].to_double() == 3.5);
    CHECK(run_op("aten::add.int", {IValue(2), IValue(3)})[0].to_int() == 5);
    CHECK(run_op("aten::lt.float_int", {IValue(1.5), IValue(2)})[0].to_bool());
    IValue sum_s = run_op("aten::add", {IValue(1), IValue(0.5)})[0];
    CHECK(sum_s.is_double());
    CHECK_THROWS_WITH(run_op("aten::floordiv.int", {IValue(1), IValue(0)}), Catch::Contains("ZeroDivisionError"));

    const Tensor x = ones({4, 3});
    CHECK(run_op("aten::size.int", {x, IValue(-1)})[0].to_int() == 3);
    CHECK(run_op("aten::size", {x})[0].to_int_list() == std::vector<int64_t>{4, 3});
    CHECK(run_op("aten::Int.Tensor", {scalar_tensor(Scalar(int64_t(5)))})[0].to_int() == 5);
    CHECK(run_op("aten::len.Tensor", {x})[0].to_int() == 4);

    IValue lst = IValue::int_list({1, 2});
    IValue alias = lst;
    run_op("aten::append.t", {lst, IValue(3)});
    CHECK(alias.to_int_list() == std::vector<int64_t>{1, 2, 3});  // shared, as a Python list
    CHECK(run_op("aten::__getitem__.t", {lst, IValue(-1)})[0].to_int() == 3);
    CHECK(run_op("aten::len.t", {lst})[0].to_int() == 3);
    CHECK_THROWS_WITH(run_op("aten::__getitem__.t", {lst, IValue(3)}), Catch::Contains("list index out of range"));
    CHECK(run_op("aten::__is__", {IValue(), IValue()})[0].to_bool());
    CHECK(run_op("aten::str", {IValue(0.5)})[0].to_string() == "0.5");
}

TEST_CASE("types print as TorchScript prints them", "[graph]") {
    CHECK(tensor_type()->str() == "Tensor");
    CHECK(complete_tensor_type(DType::Float32, {3, 4}, {4, 1}, false, Device::CPU)->str() ==
          "Float(3, 4, strides=[4, 1], requires_grad=0, device=cpu)");
    CHECK(complete_tensor_type(DType::Int64, {}, {}, false, Device::CPU)->str() == "Long(requires_grad=0, device=cpu)");
    CHECK(complete_tensor_type(DType::Float64, {5}, {1}, true, Device::CPU)->str() ==
          "Double(5, strides=[1], requires_grad=1, device=cpu)");
    CHECK(complete_tensor_type(DType::Bool, {2}, {1}, false, Device::CPU)->annotation_str() == "Tensor");
    CHECK(list_type(int_type())->str() == "int[]");
    CHECK(list_type(tensor_type())->str() == "Tensor[]");
    CHECK(list_type(optional_type(tensor_type()))->str() == "Tensor?[]");
    CHECK(list_type(tuple_type({tensor_type(), int_type()}))->str() == "(Tensor, int)[]");
    CHECK(optional_type(int_type())->str() == "int?");
    CHECK(tuple_type({tensor_type(), int_type()})->str() == "(Tensor, int)");
    CHECK(dict_type(str_type(), tensor_type())->str() == "Dict(str, Tensor)");
    CHECK(none_type()->str() == "NoneType");
    CHECK(number_type()->str() == "Scalar");
    CHECK(class_type("__torch__.M")->str() == "__torch__.M");

    CHECK(list_type(int_type())->annotation_str() == "List[int]");
    CHECK(optional_type(tensor_type())->annotation_str() == "Optional[Tensor]");
    CHECK(tuple_type({tensor_type(), int_type()})->annotation_str() == "Tuple[Tensor, int]");
    CHECK(dict_type(str_type(), tensor_type())->annotation_str() == "Dict[str, Tensor]");
    CHECK(none_type()->annotation_str() == "None");
    CHECK(number_type()->annotation_str() == "number");
    CHECK(future_type(tensor_type())->annotation_str() == "Future[Tensor]");

    CHECK(scalar_type_code(DType::Float32) == 6);
    CHECK(scalar_type_code(DType::Bool) == 11);
    CHECK(dtype_from_scalar_type_code(15) == DType::BFloat16);
    CHECK(dtype_from_scalar_type_code(3) == DType::Int32);  // c10's Int
    CHECK(scalar_type_code(DType::UInt8) == 0);
    CHECK_FALSE(dtype_from_scalar_type_code(8).has_value());  // ComplexHalf: not in Kiln
}

TEST_CASE("subtyping and unification", "[graph]") {
    TypePtr f23 = complete_tensor_type(DType::Float32, {2, 3}, {3, 1}, false, Device::CPU);
    TypePtr f32 = complete_tensor_type(DType::Float32, {3, 2}, {2, 1}, false, Device::CPU);
    CHECK(is_subtype(f23, tensor_type()));
    CHECK_FALSE(is_subtype(tensor_type(), f23));
    CHECK(is_subtype(int_type(), number_type()));
    CHECK(is_subtype(none_type(), optional_type(int_type())));
    CHECK(is_subtype(int_type(), optional_type(int_type())));
    CHECK(is_subtype(list_type(tensor_type()), list_type(optional_type(tensor_type()))));
    CHECK_FALSE(is_subtype(list_type(int_type()), list_type(float_type())));
    CHECK(is_subtype(tuple_type({f23, int_type()}), tuple_type({tensor_type(), number_type()})));
    CHECK(type_equal(erase_tensor_details(tuple_type({f23})), tuple_type({tensor_type()})));

    CHECK(type_equal(unify_types(int_type(), int_type()), int_type()));
    CHECK(type_equal(unify_types(f23, f32), tensor_type()));
    CHECK(type_equal(unify_types(f23, f23), f23));
    CHECK(type_equal(unify_types(none_type(), tensor_type()), optional_type(tensor_type())));
    CHECK(type_equal(unify_types(int_type(), optional_type(int_type())), optional_type(int_type())));
    CHECK(type_equal(unify_types(optional_type(f23), f32), optional_type(tensor_type())));
    CHECK(unify_types(int_type(), float_type()) == nullptr);
    CHECK(unify_types(list_type(int_type()), list_type(float_type())) == nullptr);
    CHECK(type_equal(unify_types(list_type(f23), list_type(f32)), list_type(tensor_type())));
    CHECK(type_equal(unify_types(tuple_type({f23, none_type()}), tuple_type({f32, int_type()})),
                     tuple_type({tensor_type(), optional_type(int_type())})));
    CHECK(unify_types(tuple_type({int_type()}), tuple_type({int_type(), int_type()})) == nullptr);
}

TEST_CASE("IValue printing, types and equality", "[graph]") {
    CHECK(IValue(1).repr() == "1");
    CHECK(IValue(1.0).repr() == "1.");
    CHECK(IValue(-2.0).repr() == "-2.");
    CHECK(IValue(0.5).repr() == "0.5");
    CHECK(IValue(1e-5).repr() == "1.0000000000000001e-05");
    CHECK(IValue(0.1).repr() == "0.10000000000000001");
    CHECK(IValue(false).repr() == "0");
    CHECK(IValue(true).repr() == "1");
    CHECK(IValue("cpu").repr() == "\"cpu\"");
    CHECK(IValue(Device::CPU).repr() == "\"cpu\"");
    CHECK(IValue().repr() == "None");
    CHECK(IValue::int_list({1, 2}).repr() == "[1, 2]");
    CHECK(IValue::tuple({IValue(1), IValue(2)}).repr() == "(1, 2)");
    CHECK(IValue::tuple({IValue(1)}).repr() == "(1,)");
    CHECK(IValue(scalar_tensor(Scalar(int64_t(2)))).repr() == "{2}");
    CHECK(IValue(scalar_tensor(Scalar(0.5))).repr() == "{0.5}");
    // Up to 10 elements as ATen's C++ printer writes them (newlines as spaces), more as a placeholder.
    CHECK(IValue(ones({2, 2})).repr() == " 1  1  1  1 [ CPUFloatType{2,2} ]");
    CHECK(IValue(full({3}, 0.5, TensorOptions{DType::Float32})).repr() == " 0.5000  0.5000  0.5000 [ CPUFloatType{3} ]");
    CHECK(IValue(ones({11})).repr() == "<Tensor>");

    CHECK(IValue(ones({2, 3})).type()->str() == "Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)");
    CHECK(IValue::int_list({1}).type()->str() == "int[]");
    CHECK(IValue::list({}).type()->str() == "Any[]");
    CHECK(IValue::tensor_list({ones({1}), ones({2})}).type()->str() == "Tensor[]");
    CHECK(IValue::tuple({IValue(1), IValue(0.5)}).type()->str() == "(int, float)");
    CHECK(IValue::scalar(Scalar(true)).is_bool());

    CHECK_THROWS_WITH(IValue(ones({1})).to_int(), "expected an int, got a Tensor");
    CHECK_THROWS_WITH(IValue().to_tensor(), "expected a Tensor, got None");
    CHECK(IValue(3).to_double() == 3.0);

    CHECK(ivalue_equal(IValue(ones({2})), IValue(ones({2}))));
    CHECK_FALSE(ivalue_equal(IValue(ones({2})), IValue(ones({2}, {DType::Float64}))));
    CHECK_FALSE(ivalue_equal(IValue(1), IValue(1.0)));
    CHECK(ivalue_equal(IValue::int_list({1, 2}), IValue::int_list({1, 2})));
    CHECK_FALSE(ivalue_equal(IValue(0.0), IValue(-0.0)));

    auto obj = std::make_shared<Object>();
    obj->class_name = "__torch__.M";
    obj->set("w", IValue(1));
    obj->set("w", IValue(2));
    CHECK(obj->find("w")->to_int() == 2);
    CHECK(obj->find("x") == nullptr);
    CHECK(IValue::object(obj).type()->str() == "__torch__.M");
}
