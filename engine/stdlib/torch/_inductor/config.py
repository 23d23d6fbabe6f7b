# torch._inductor.config for Kiln: the settings programs set or read before torch.compile, with
# PyTorch 2.11's defaults (TORCHINDUCTOR_* environment variables as PyTorch reads them). Kiln's back
# end (engine/bindings/inductor.cpp) consults layout_optimization and force_layout_optimization
# (passes/conv_layout.cpp); setting any other changes no generated code.
# PyTorch's ConfigModule refuses names it does not declare; this plain module accepts any.
import os


def _env(name, default='0'):
    return os.environ.get(name, default) == '1'


debug = False
disable_progress = True
verbose_progress = False
fx_graph_cache = _env('TORCHINDUCTOR_FX_GRAPH_CACHE', '1')
fx_graph_remote_cache = None
autotune_local_cache = True
autotune_remote_cache = None
cpp_wrapper = _env('TORCHINDUCTOR_CPP_WRAPPER')
dce = False
static_weight_shapes = True
size_asserts = _env('TORCHINDUCTOR_SIZE_ASSERTS', '1')
nan_asserts = _env('TORCHINDUCTOR_NAN_ASSERTS')
pick_loop_orders = True
inplace_buffers = True
allow_buffer_reuse = True
memory_planning = _env('TORCHINDUCTOR_MEMORY_PLANNING')
benchmark_harness = True
epilogue_fusion = True
epilogue_fusion_first = False
pattern_matcher = True
post_grad_custom_pre_pass = None
post_grad_custom_post_pass = None
joint_custom_pre_pass = None
joint_custom_post_pass = None
pre_grad_custom_pass = None
reorder_for_locality = True
force_fuse_int_mm_with_mul = False
use_mixed_mm = True
reorder_for_compute_comm_overlap = False
max_autotune = _env('TORCHINDUCTOR_MAX_AUTOTUNE')
max_autotune_pointwise = _env('TORCHINDUCTOR_MAX_AUTOTUNE_POINTWISE')
max_autotune_gemm = _env('TORCHINDUCTOR_MAX_AUTOTUNE_GEMM')
max_autotune_gemm_backends = os.environ.get('TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS', 'ATEN,TRITON,CPP').upper()
search_autotune_cache = _env('TORCHINDUCTOR_SEARCH_AUTOTUNE_CACHE')
save_args = _env('TORCHINDUCTOR_SAVE_ARGS')
autotune_in_subproc = _env('TORCHINDUCTOR_AUTOTUNE_IN_SUBPROC')
coordinate_descent_tuning = _env('TORCHINDUCTOR_COORDINATE_DESCENT_TUNING')
coordinate_descent_check_all_directions = _env('TORCHINDUCTOR_COORDINATE_DESCENT_CHECK_ALL_DIRECTIONS')
coordinate_descent_search_radius = int(os.environ.get('TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS', '1'))
layout_optimization = _env('TORCHINDUCTOR_LAYOUT_OPTIMIZATION', '1')
force_layout_optimization = _env('TORCHINDUCTOR_FORCE_LAYOUT_OPT')
keep_output_stride = _env('TORCHINDUCTOR_KEEP_OUTPUT_STRIDE', '1')
fallback_random = False
implicit_fallbacks = True
aggressive_fusion = False
debug_fusion = _env('TORCHINDUCTOR_DEBUG_FUSION')
benchmark_fusion = _env('TORCHINDUCTOR_BENCHMARK_FUSION')
max_fusion_size = 64
max_pointwise_cat_inputs = 8
unroll_reductions_threshold = 8
comment_origin = False
conv_1x1_as_mm = False
split_reductions = True
benchmark_kernel = _env('TORCHINDUCTOR_BENCHMARK_KERNEL')
constant_and_index_propagation = True
always_keep_tensor_constants = False
assert_indirect_indexing = True
joint_graph_constant_folding = True
freezing = _env('TORCHINDUCTOR_FREEZING')
freezing_discard_parameters = False
shape_padding = _env('TORCHINDUCTOR_SHAPE_PADDING', '1')
permute_fusion = _env('TORCHINDUCTOR_PERMUTE_FUSION')
profiler_mark_wrapper_call = False
generate_intermediate_hooks = False
emulate_precision_casts = False
compile_threads = 1 if os.environ.get('TORCHINDUCTOR_COMPILE_THREADS') is None else int(os.environ['TORCHINDUCTOR_COMPILE_THREADS'])
worker_start_method = 'subprocess'
kernel_name_max_ops = 10
force_disable_caches = _env('TORCHINDUCTOR_FORCE_DISABLE_CACHES')


class cpp:
    threads = -1
    no_redundant_loops = True
    dynamic_threads = False
    simdlen = None
    min_chunk_size = 4096
    cxx = (None, os.environ.get('CXX', 'g++'))
    enable_kernel_profile = False
    weight_prepack = True
    inject_relu_bug_TESTING_ONLY = None
    inject_log1p_bug_TESTING_ONLY = None
    vec_isa_ok = None
    descriptive_names = 'original_aten'
    max_horizontal_fusion_size = 16
    fallback_scatter_reduce_sum = True
    enable_unsafe_math_opt_flag = False
    enable_floating_point_contract_flag = 'off'


class triton:
    cudagraphs = _env('TORCHINDUCTOR_CUDAGRAPHS')
    cudagraph_trees = True
    cudagraph_skip_dynamic_graphs = False
    slow_path_cudagraph_asserts = True
    cudagraph_trees_history_recording = False
    force_cudagraph_sync = False
    force_cudagraphs_warmup = False
    fast_path_cudagraph_asserts = False
    skip_cudagraph_warmup = False
    debug_sync_graph = False
    debug_sync_kernel = False
    dense_indexing = False
    max_tiles = 2
    autotune_pointwise = True
    autotune_cublasLt = True
    tiling_prevents_pointwise_fusion = True
    tiling_prevents_reduction_fusion = True
    unique_kernel_names = _env('TORCHINDUCTOR_UNIQUE_KERNEL_NAMES', '1')
    descriptive_names = 'original_aten'
    persistent_reductions = _env('TORCHINDUCTOR_PERSISTENT_REDUCTIONS', '1')
    divisible_by_16 = True
    store_cubin = False
    spill_threshold = 16
    use_block_ptr = False
    inject_relu_bug_TESTING_ONLY = None


class trace:
    enabled = _env('TORCH_COMPILE_DEBUG')
    debug_dir = None
    debug_log = False
    info_log = False
    fx_graph = True
    fx_graph_transformed = True
    ir_pre_fusion = True
    ir_post_fusion = True
    output_code = True
    graph_diagram = _env('INDUCTOR_POST_FUSION_SVG')
    draw_orig_fx_graph = _env('INDUCTOR_ORIG_FX_SVG')
    compile_profile = False
    upload_tar = None
    log_autotuning_results = False
