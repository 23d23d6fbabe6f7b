import torch
import torch._dynamo
# Default values of the Dynamo settings that decide graph breaks, guards and recompiles.

c = torch._dynamo.config
names = ["recompile_limit", "cache_size_limit", "accumulated_recompile_limit",
         "automatic_dynamic_shapes", "assume_static_by_default", "specialize_int",
         "specialize_float", "capture_scalar_outputs", "capture_dynamic_output_shape_ops",
         "suppress_errors", "inline_inbuilt_nn_modules", "force_parameter_static_shapes",
         "error_on_recompile", "nested_graph_breaks"]
for name in names:
    print(name, getattr(c, name, "<missing>"))
c.cache_size_limit = 3
print("alias set", c.recompile_limit, c.cache_size_limit)
c.recompile_limit = 8
print("restored", c.recompile_limit, c.cache_size_limit)
x = torch.tensor([1., 2.])
print(torch.compile(lambda t: t * 4, backend="eager")(x))
