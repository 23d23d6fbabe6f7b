# graphlib: CPython 3.12's TopologicalSorter and CycleError. Nodes are kept in insertion order and
# each node lists its successors in the order add() named them, so get_ready()/static_order() give
# CPython's order, and a cycle is reported as CPython's depth-first search over successors finds it
# (the first node of the cycle repeated at its end).

__all__ = ["TopologicalSorter", "CycleError"]

_OUT = -1    # handed out by get_ready(), not yet done()
_DONE = -2   # marked done()


class _NodeInfo:
    __slots__ = ("node", "npredecessors", "successors")

    def __init__(self, node):
        self.node = node
        self.npredecessors = 0
        self.successors = []


class CycleError(ValueError):
    """Raised by prepare() when the graph has a cycle; args[1] is the cycle as a list of nodes."""
    pass


class TopologicalSorter:
    """Provides functionality to topologically sort a graph of hashable nodes"""

    def __init__(self, graph=None):
        self._node2info = {}
        self._ready_nodes = None
        self._npassedout = 0
        self._nfinished = 0
        if graph is not None:
            for node, predecessors in graph.items():
                self.add(node, *predecessors)

    def _info(self, node):
        info = self._node2info.get(node)
        if info is None:
            info = _NodeInfo(node)
            self._node2info[node] = info
        return info

    def add(self, node, *predecessors):
        if self._ready_nodes is not None:
            raise ValueError("Nodes cannot be added after a call to prepare()")
        info = self._info(node)
        info.npredecessors += len(predecessors)
        for pred in predecessors:
            self._info(pred).successors.append(node)

    def prepare(self):
        if self._ready_nodes is not None:
            raise ValueError("cannot prepare() more than once")
        self._ready_nodes = [i.node for i in self._node2info.values() if i.npredecessors == 0]
        cycle = self._find_cycle()
        if cycle:
            raise CycleError("nodes are in a cycle", cycle)

    def get_ready(self):
        if self._ready_nodes is None:
            raise ValueError("prepare() must be called first")
        result = tuple(self._ready_nodes)
        for node in result:
            self._node2info[node].npredecessors = _OUT
        self._ready_nodes.clear()
        self._npassedout += len(result)
        return result

    def is_active(self):
        if self._ready_nodes is None:
            raise ValueError("prepare() must be called first")
        return self._nfinished < self._npassedout or bool(self._ready_nodes)

    def __bool__(self):
        return self.is_active()

    def done(self, *nodes):
        if self._ready_nodes is None:
            raise ValueError("prepare() must be called first")
        n2i = self._node2info
        for node in nodes:
            info = n2i.get(node)
            if info is None:
                raise ValueError(f"node {node!r} was not added using add()")
            stat = info.npredecessors
            if stat != _OUT:
                if stat >= 0:
                    raise ValueError(f"node {node!r} was not passed out (still not ready)")
                raise ValueError(f"node {node!r} was already marked done")
            info.npredecessors = _DONE
            for succ in info.successors:
                sinfo = n2i[succ]
                sinfo.npredecessors -= 1
                if sinfo.npredecessors == 0:
                    self._ready_nodes.append(succ)
            self._nfinished += 1

    def _find_cycle(self):
        # Iterative depth-first search along successor lists; a node met again while it is on the
        # current path closes a cycle.
        n2i = self._node2info
        seen = set()
        for start in n2i:
            if start in seen:
                continue
            path = [start]
            onpath = {start: 0}
            iters = [iter(n2i[start].successors)]
            seen.add(start)
            while path:
                nxt = next(iters[-1], _NodeInfo)
                if nxt is _NodeInfo:
                    del onpath[path.pop()]
                    iters.pop()
                    continue
                if nxt in onpath:
                    return path[onpath[nxt]:] + [nxt]
                if nxt in seen:
                    continue
                seen.add(nxt)
                onpath[nxt] = len(path)
                path.append(nxt)
                iters.append(iter(n2i[nxt].successors))
        return None

    def static_order(self):
        self.prepare()
        while self.is_active():
            group = self.get_ready()
            yield from group
            self.done(*group)

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)
