# torch.fx.passes.infra.pass_base: PassResult (a (graph_module, modified) named tuple) and PassBase,
# the abstract pass whose __call__ runs requires(gm), call(gm) and ensures(gm) in that order and
# returns call's result. As in PyTorch, only `call` is abstract (a subclass defining it can be
# instantiated); requires and ensures default to checking nothing.
import abc
from collections import namedtuple

__all__ = ["PassResult", "PassBase"]


class PassResult(namedtuple("PassResult", ["graph_module", "modified"])):
    """Result of a pass: the (possibly new) graph module and whether the pass changed it."""

    __slots__ = ()

    def __new__(cls, graph_module, modified):
        return super().__new__(cls, graph_module, modified)


class PassBase(abc.ABC):
    """Base interface of a pass: implement `call`; `requires`/`ensures` check pre/postconditions."""

    def __call__(self, graph_module):
        self.requires(graph_module)
        res = self.call(graph_module)
        self.ensures(graph_module)
        return res

    @abc.abstractmethod
    def call(self, graph_module):
        pass

    def requires(self, graph_module) -> None:
        pass

    def ensures(self, graph_module) -> None:
        pass
