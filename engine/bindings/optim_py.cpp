// The optimizers' step written in Python, for Dynamo to trace (module torch.optim._traced_step).
//
// PyTorch's optimizers are Python, so torch.compile captures optimizer.step() as tensor ops: the
// parameter and state updates become one graph that Inductor fuses. Kiln's optimizers are native
// (engine/optim): eager calls keep that C++ path, and while a compiled call is in flight (Dynamo
// inlines `step` when it meets `opt.step()`, and the native step() calls it when a compiled frame
// runs it) the update runs as the Python below, so Dynamo captures it as PyTorch's does:
//
// - `step` keeps the structure of Optimizer.step's _use_grad wrapper: grad mode set to
//   defaults['differentiable'], then torch._dynamo.graph_break() before the update and again (in a
//   finally) after it. The first break is where the caller's graph ends (the caller breaks at its
//   `opt.step()`); `step`'s own frame then runs eagerly (a break in a try block) and the update
//   function it calls is captured as a frame of its own, an inference graph under no_grad.
// - Optimizers other than SGD, Adam and AdamW have no Python form here yet: `step` calls their
//   native step (`_kiln_eager_step`), which Dynamo meets as an opaque call, a graph break. (That
//   check is one line so the lines of the rest, shown in graph-break tracebacks, stay put.)
// - sgd_update / adam_update are the single-tensor updates in the form PyTorch 2.11 records them
//   under compile (Adam's step count a float32 tensor: `step_t += 1`, bias corrections as tensors,
//   the denominator pre-divided by -step_size, addcdiv_ without value; one difference: the bias
//   corrections are computed in float64, see adam_update). Gradients are graph inputs; parameters
//   and state are updated in place.
//
// State: the C++ optimizer keeps per-parameter state keyed by the tensor; this code reads and writes
// it through `self._kiln_state` (per group, per parameter: a dict of the same tensor objects), which
// `self._kiln_prepare_state()` fills before the update (creating Adam's zeros there, outside the
// graph, as PyTorch's compiled step does) and `self._kiln_finish_state()` copies back (SGD's first
// step creates its momentum buffer inside the graph), so eager and compiled steps can alternate.
#include "bindings/jit.h"
#include "bytecode/compiler.h"
#include "lang/parser.h"
#include "vm/interpreter.h"

namespace kiln::vm::bind {
namespace {

const char* const kTracedStepSource = R"PY(import torch
import torch.optim

def step(self, closure=None):
    if not isinstance(self, (torch.optim.SGD, torch.optim.Adam, torch.optim.AdamW)): return self._kiln_eager_step(closure)
    prev_grad = torch.is_grad_enabled()
    try:
        torch.set_grad_enabled(self.defaults['differentiable'])
        torch._dynamo.graph_break()
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        self._kiln_prepare_state()
        if isinstance(self, torch.optim.SGD):
            sgd_update(self)
        else:
            adam_update(self)
    finally:
        torch._dynamo.graph_break()
        self._kiln_finish_state()
        torch.set_grad_enabled(prev_grad)
    return loss


def sgd_update(self):
    for gi, group in enumerate(self.param_groups):
        states = self._kiln_state[gi]
        lr = group['lr']
        momentum = group['momentum']
        dampening = group['dampening']
        weight_decay = group['weight_decay']
        nesterov = group['nesterov']
        maximize = group['maximize']
        for i, param in enumerate(group['params']):
            grad = param.grad
            if grad is None:
                continue
            if maximize:
                grad = -grad
            if weight_decay != 0:
                grad = grad.add(param, alpha=weight_decay)
            if momentum != 0:
                buf = states[i].get('momentum_buffer')
                if buf is None:
                    # the first step: the buffer is a copy of the gradient, made in the graph
                    buf = grad.detach().clone()
                    states[i]['momentum_buffer'] = buf
                else:
                    buf.mul_(momentum).add_(grad, alpha=1 - dampening)
                if nesterov:
                    grad = grad.add(buf, alpha=momentum)
                else:
                    grad = buf
            param.add_(grad, alpha=-lr)


def adam_update(self):
    for gi, group in enumerate(self.param_groups):
        states = self._kiln_state[gi]
        lr = group['lr']
        beta1, beta2 = group['betas']
        eps = group['eps']
        weight_decay = group['weight_decay']
        amsgrad = group['amsgrad']
        maximize = group['maximize']
        decoupled = group['decoupled_weight_decay']
        for i, param in enumerate(group['params']):
            grad = param.grad
            if grad is None:
                continue
            state = states[i]
            step_t = state['step']
            exp_avg = state['exp_avg']
            exp_avg_sq = state['exp_avg_sq']
            if maximize:
                grad = -grad
            step_t += 1
            if weight_decay != 0:
                if decoupled:
                    param.mul_(1 - lr * weight_decay)
                else:
                    grad = grad.add(param, alpha=weight_decay)
            exp_avg.lerp_(grad, 1 - beta1)
            exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
            # The bias corrections stay tensors of the step count, so one graph serves every step.
            # Kiln takes them in float64 (PyTorch's graph uses step_t itself): 1 - 0.999 ** step in
            # float32 is off by 1e-5, and Adam amplifies that a thousandfold within a few steps
            # where a gradient nears zero; in float64 the compiled step stays within rounding of
            # the eager one (which takes them as Python floats), as PyTorch's compiled step does.
            step = step_t.double()
            bias_correction1 = 1 - beta1 ** step
            bias_correction2 = 1 - beta2 ** step
            step_size = lr / bias_correction1
            step_size_neg = step_size.neg()
            bias_correction2_sqrt = bias_correction2.sqrt()
            if amsgrad:
                max_exp_avg_sq = state['max_exp_avg_sq']
                max_exp_avg_sq.copy_(torch.maximum(max_exp_avg_sq, exp_avg_sq))
                denom = (max_exp_avg_sq.sqrt() / (bias_correction2_sqrt * step_size_neg)).add_(eps / step_size_neg)
            else:
                denom = (exp_avg_sq.sqrt() / (bias_correction2_sqrt * step_size_neg)).add_(eps / step_size_neg)
            param.addcdiv_(exp_avg, denom)
)PY";

}  // namespace

void traced_step_module(Interpreter& in, ModuleObj& m) {
    auto co = bytecode::compile_module(lang::parse_module(kTracedStepSource, "torch/optim/_traced_step.py"),
                                       "torch/optim/_traced_step.py");
    in.run_code(make<Code>(co), Ref<ModuleObj>(&m));
}

}  // namespace kiln::vm::bind
