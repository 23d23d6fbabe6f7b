import torch
import torch.fx
# pytorch/examples fx/profiling_tracer.py: a custom FX tracer turns record_function ranges into
# torch.ops.profiler._record_function_enter/_exit nodes, and the traced module records the range again.

class Foo(torch.nn.Module):
  def forward(self, x):
    with torch.profiler.record_function('foo'):
      return torch.relu(x)

f = Foo()
x = torch.randn(5, 3, 2)
print(torch.ops.profiler._record_function_enter.default._schema)

class ProfilerTracer(torch.fx.Tracer):
  def trace(self, root, concrete_args=None):
    orig_record_function_enter = torch.autograd.profiler.record_function.__enter__
    orig_record_function_exit = torch.autograd.profiler.record_function.__exit__

    def fake_profiler_enter(_self):
      nonlocal self
      handle_proxy = self.create_proxy(
          kind='call_function',
          target=torch.ops.profiler._record_function_enter,
          args=(_self.name,),
          kwargs={})
      assert getattr(_self, '_fx_profiler_ctx', None) is None
      setattr(_self, '_fx_profiler_ctx', handle_proxy)
      return handle_proxy

    def fake_profiler_exit(_self, exc_type, exc_value, traceback):
      assert hasattr(_self, '_fx_profiler_ctx')
      handle_proxy = _self._fx_profiler_ctx
      torch.ops.profiler._record_function_exit(handle_proxy)
      setattr(_self, '_fx_profiler_ctx', None)

    torch.autograd.profiler.record_function.__enter__ = fake_profiler_enter
    torch.autograd.profiler.record_function.__exit__ = fake_profiler_exit

    try:
      return super().trace(root, concrete_args)
    finally:
      torch.autograd.profiler.record_function.__enter__ = orig_record_function_enter
      torch.autograd.profiler.record_function.__exit__ = orig_record_function_exit

pt = ProfilerTracer()
graph_with_profiler = pt.trace(f)
traced_with_profiler = torch.fx.GraphModule(pt.root, graph_with_profiler)
print(traced_with_profiler.code)
with torch.autograd.profiler.profile() as prof:
  traced_with_profiler(x)
print([e.name for e in prof.function_events])
print(torch.allclose(traced_with_profiler(x), torch.relu(x)))
