# torch.fx.passes.infra.pass_base: PassResult (a (graph_module, modified) named tuple) and PassBase,
# the abstract pass whose __call__ runs requires(gm), call(gm) and ensures(gm) in that order and
# returns call's result. As in PyTorch, __init__, call, requires and ensures are all abstract: a
# subclass must define each of them to be instantiated.
import abc
from collections import namedtuple

__all__ = ["PassResult", "PassBase"]


class PassResult(namedtuple("PassResult", ["graph_module", "modified"])):
    """Result of a pass: the (possibly new) graph module and whether the pass changed it."""

    def __new__(cls, graph_module, modified):
        return super().__new__(cls, graph_module, modified)


class PassBase(abc.ABC):
    """Base interface of a pass: implement `call`; `requires`/`ensures` check pre/postconditions."""

    @abc.abstractmethod
    def __init__(self) -> None:
        pass

    def __call__(self, graph_module):
        self.requires(graph_module)
        res = self.call(graph_module)
        self.ensures(graph_module)
        return res

    @abc.abstractmethod
    def call(self, graph_module):
        pass

    @abc.abstractmethod
    def requires(self, graph_module) -> None:
        pass

    @abc.abstractmethod
    def ensures(self, graph_module) -> None:
        pass
