# torch._functorch.config for Kiln: the AOTAutograd settings programs set or read before
# torch.compile, with PyTorch 2.11's defaults. Kiln's compiler (engine/capture) does not consult
# them: setting one changes no generated code. Like torch._inductor.config here, a plain module
# that accepts any name (PyTorch's ConfigModule refuses undeclared ones).
import os

enable_autograd_cache = os.environ.get('TORCHINDUCTOR_AUTOGRAD_CACHE', '1') == '1'
enable_remote_autograd_cache = None
functionalize_rng_ops = False
fake_tensor_allow_meta = os.environ.get('FAKE_ALLOW_META', '1') != '0'
debug_assert = False
debug_partitioner = os.environ.get('AOT_PARTITIONER_DEBUG', '0') != '0'
static_weight_shapes = True
cse = True
treat_parameters_as_free_to_save = True
activation_memory_budget = 1.0
activation_memory_budget_runtime_estimator = 'flops'
activation_memory_budget_solver = 'dp'
view_replay_for_aliased_outputs = True
donated_buffer = True
unlift_effect_tokens = False
strict_autograd_cache = False
