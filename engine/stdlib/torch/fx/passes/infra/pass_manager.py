# torch.fx.passes.infra.pass_manager: PassManager runs a list of passes (callables taking a module
# and returning a PassResult) over a module, in an order that honours the pass-ordering
# constraints, up to `steps` rounds or until a round changes nothing; each GraphModule a pass
# returns is recompiled, and `check` (set with add_checks) runs first and, with
# run_checks_after_each_pass, after every pass. A pass that raises is reported as PyTorch does:
# Exception("An error occurred when running the '<pass>' pass after the following passes: [...]")
# chained from the original error. pass_result_wrapper adapts passes that return a module or None;
# this_before_that_pass_constraint builds an ordering constraint.
import inspect
import logging
from functools import wraps

import torch.nn as nn
from torch.fx.graph_module import GraphModule
from torch.fx.passes.infra.pass_base import PassResult

logger = logging.getLogger(__name__)
logger.setLevel(logging.WARNING)

__all__ = ["pass_result_wrapper", "this_before_that_pass_constraint", "PassManager"]


def _pass_name(fn):
    return fn.__name__ if inspect.isfunction(fn) else type(fn).__name__


def pass_result_wrapper(fn):
    """Wraps a pass that returns a module (or None) so that it returns PassResult(module, True)."""
    if fn is None:
        return None

    @wraps(fn)
    def wrapped_fn(gm):
        res = fn(gm)
        if res is None:
            return PassResult(gm, True)
        if isinstance(res, PassResult):
            return res
        if isinstance(res, nn.Module):
            return PassResult(res, True)

    if not inspect.isfunction(fn):
        wrapped_fn.__name__ = type(fn).__name__
    return wrapped_fn


def _validate_pass_schedule_constraint(constraint, passes):
    for i, a in enumerate(passes):
        for j, b in enumerate(passes[i + 1:]):
            if not constraint(a, b):
                raise RuntimeError(
                    f"pass schedule constraint violated. Expected {a} before {b}"
                    f" but found {a} at index {i} and {b} at index{j} in pass list."
                )


def _topological_sort_passes(passes, constraints):
    # Kahn's algorithm over "b must come before a" edges (a constraint(a, b) that is False),
    # candidates taken first-in first-out; passes left with dependencies form a cycle.
    if not constraints:
        return passes
    users = {p: [] for p in passes}
    indegree = dict.fromkeys(passes, 0)
    ready = []
    for a in passes:
        for b in passes:
            if a == b:
                continue
            for constraint in constraints:
                if not constraint(a, b):
                    users[b].append(a)
                    indegree[a] += 1
        if indegree[a] == 0:
            ready.append(a)
    visited = dict.fromkeys(passes, False)
    ordered = []
    while ready:
        p = ready.pop(0)
        ordered.append(p)
        visited[p] = True
        for n in users[p]:
            if not visited[n]:
                indegree[n] -= 1
                if indegree[n] == 0:
                    ready.append(n)
    cycle = [p for p in indegree if indegree[p] != 0]
    if cycle:
        raise RuntimeError(f"Circular dependency detected within the following passes: {cycle}")
    return ordered


def this_before_that_pass_constraint(this, that):
    """A constraint saying that pass `this` must run before pass `that`."""

    def depends_on(a, b):
        return not (a == that and b == this)

    return depends_on


class PassManager:
    """Collects passes and constraints, orders the passes and runs them over a module."""

    _validated = False
    steps = 1

    def __init__(self, passes=None, constraints=None, steps=None, run_checks_after_each_pass=False,
                 suppress_check_failures=False):
        self.passes = passes or []
        self.constraints = constraints or []
        if steps:
            self.steps = steps
        self.run_checks_after_each_pass = run_checks_after_each_pass
        self.suppress_check_failures = suppress_check_failures

    def add_pass(self, _pass):
        self.passes.append(_pass)
        self._validated = False

    def add_constraint(self, constraint):
        self.constraints.append(constraint)
        self._validated = False

    def validate_constraints(self):
        if self._validated:
            return
        for constraint in self.constraints:
            _validate_pass_schedule_constraint(constraint, self.passes)
        self._validated = True

    def solve_constraints(self):
        self.passes = _topological_sort_passes(self.passes, self.constraints)
        self._validated = True

    def add_checks(self, check):
        if len(inspect.signature(check).parameters) != 1:
            raise TypeError("PassManager check function should only take in one variable, a module")
        setattr(self, "check", check)

    def check(self, module):
        pass

    def __call__(self, module):
        if not self._validated:
            self.solve_constraints()
        self.check(module)
        overall_modified = False
        for _ in range(self.steps):
            modified = False
            for i, fn in enumerate(self.passes):
                fn_name = _pass_name(fn)
                logger.debug("Running pass '%s'", fn_name)
                try:
                    res = fn(module)
                    if not isinstance(res, PassResult) and not hasattr(res, "graph_module"):
                        raise TypeError(
                            f"The result of the pass {fn_name} should be type PassResult."
                            + "Please wrap it with pass_result_wrapper()"
                        )
                    module = res.graph_module
                    modified = modified or res.modified
                    if isinstance(module, GraphModule):
                        logger.debug("Graph after pass '%s': %s", fn_name, module.graph)
                        module.recompile()
                    if self.run_checks_after_each_pass:
                        self.check(module)
                except Exception as e:
                    prev = [_pass_name(p) for p in self.passes[:i]]
                    msg = f"An error occurred when running the '{fn_name}' pass after the following passes: {prev}"
                    raise Exception(msg) from e
            overall_modified = overall_modified or modified
            if not modified:
                break
        return PassResult(module, overall_modified)
