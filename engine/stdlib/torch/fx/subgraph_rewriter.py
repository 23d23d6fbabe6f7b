# torch.fx.subgraph_rewriter: replace_pattern(gm, pattern, replacement) and
# replace_pattern_with_filters: every non-overlapping occurrence of `pattern`'s graph (matched on data
# dependencies: op, target, literal arguments; pattern placeholders match anything) is replaced by a
# copy of `replacement`'s graph, inserted before the first user of the match's output, as in
# PyTorch 2.11 (the same matches, in graph order, and the same node names).
# Kiln leaves out: ignore_literals, patterns with several outputs used by one user in between, and
# replacement modules with submodules.
import torch
from torch.fx.graph import Graph
from torch.fx.graph_module import GraphModule
from torch.fx.node import Node

__all__ = ["Match", "replace_pattern", "replace_pattern_with_filters", "ReplacedPatterns"]


class Match:
    def __init__(self, anchor, nodes_map):
        self.anchor = anchor
        self.nodes_map = nodes_map

    def __repr__(self):
        return f"Match(anchor={self.anchor}, nodes_map={self.nodes_map})"

    def __iter__(self):
        yield self.anchor
        yield self.nodes_map


class ReplacedPatterns:
    def __init__(self, anchor, nodes_map, replacements):
        self.anchor = anchor
        self.nodes_map = nodes_map
        self.replacements = replacements

    def __repr__(self):
        return f"ReplacedPatterns(anchor={self.anchor}, nodes_map={self.nodes_map}, replacements={self.replacements})"


class _InternalMatch:
    def __init__(self, anchors):
        self.anchors = anchors
        self.nodes_map = {}
        self.placeholder_nodes = []
        self.returning_nodes = []


class _SubgraphMatcher:
    def __init__(self, pattern):
        self.pattern = pattern
        output_node = None
        for n in pattern.nodes:
            if n.op == "output":
                output_node = n
        if output_node is None:
            raise AssertionError("pattern graph has no output node")
        self.pattern_placeholder_nodes = [n for n in pattern.nodes if n.op == "placeholder"]
        self.pattern_returning_nodes = list(output_node.all_input_nodes)
        self.pattern_anchors = list(output_node.all_input_nodes)

    def _nodes_are_equal(self, pn, gn):
        if pn.op == "placeholder":
            return True
        if pn.op == gn.op:
            if pn.op == "output":
                return True
            return pn.target == gn.target
        return False

    def _match_args(self, pa, ga, match):
        if isinstance(pa, Node):
            if isinstance(ga, Node):
                return self._match_nodes(pa, ga, match)
            # A pattern input may stand for a literal of the graph.
            if pa.op != "placeholder":
                return False
            if pa in match.nodes_map:
                return match.nodes_map[pa] == ga
            match.nodes_map[pa] = ga
            return True
        if isinstance(pa, (list, tuple)):
            if not isinstance(ga, (list, tuple)) or len(pa) != len(ga):
                return False
            for a, b in zip(pa, ga):
                if not self._match_args(a, b, match):
                    return False
            return True
        if isinstance(ga, Node):
            return False
        return type(pa) == type(ga) and pa == ga

    def _match_nodes(self, pn, gn, match):
        if pn in match.nodes_map:
            return match.nodes_map[pn] is gn
        for k, v in match.nodes_map.items():
            if v is gn and k.op != "placeholder":
                return False
        if not self._nodes_are_equal(pn, gn):
            return False
        match.nodes_map[pn] = gn
        if pn.op == "placeholder":
            return True
        if len(pn.args) != len(gn.args) or sorted(pn.kwargs.keys()) != sorted(gn.kwargs.keys()):
            del match.nodes_map[pn]
            return False
        for a, b in zip(pn.args, gn.args):
            if not self._match_args(a, b, match):
                del match.nodes_map[pn]
                return False
        for k in pn.kwargs:
            if not self._match_args(pn.kwargs[k], gn.kwargs[k], match):
                del match.nodes_map[pn]
                return False
        return True

    def _is_contained(self, match):
        # A matched node (other than the returning ones) may only be used inside the match.
        inside = set()
        for pn, gn in match.nodes_map.items():
            if pn.op != "placeholder":
                inside.add(gn)
        for pn, gn in match.nodes_map.items():
            if pn.op in ("placeholder", "output") or pn in self.pattern_returning_nodes:
                continue
            for user in gn.users:
                if user not in inside:
                    return False
        return True

    def match(self, graph):
        if len(self.pattern_anchors) != 1:
            raise NotImplementedError("Kiln's subgraph rewriter matches patterns with one output")
        anchor = self.pattern_anchors[0]
        matches = []
        for gn in graph.nodes:
            if not self._nodes_are_equal(anchor, gn) or gn.op == "placeholder":
                continue
            m = _InternalMatch([anchor])
            if not self._match_nodes(anchor, gn, m):
                continue
            if not self._is_contained(m):
                continue
            m.placeholder_nodes = [m.nodes_map[pn] for pn in self.pattern_placeholder_nodes]
            m.returning_nodes = [m.nodes_map[pn] for pn in self.pattern_returning_nodes]
            matches.append(m)
        # Non-overlapping, earliest first.
        kept = []
        used = set()
        for m in matches:
            nodes = [gn for pn, gn in m.nodes_map.items() if pn.op not in ("placeholder", "output")]
            if any(n in used for n in nodes):
                continue
            for n in nodes:
                used.add(n)
            kept.append(m)
        return kept


def _graph_of(x):
    if isinstance(x, GraphModule):
        return x.graph
    if isinstance(x, Graph):
        return x
    from torch.fx._symbolic_trace import symbolic_trace
    return symbolic_trace(x).graph


def _replace_pattern(gm, pattern, replacement, match_filters=None):
    if match_filters is None:
        match_filters = []
    original_graph = gm.graph
    pattern_graph = _graph_of(pattern)
    replacement_graph = _graph_of(replacement)
    matcher = _SubgraphMatcher(pattern_graph)
    _matches = matcher.match(original_graph)
    _matches = [m for m in _matches if all(f(m, original_graph, pattern_graph) for f in match_filters)]
    replacement_placeholders = [n for n in replacement_graph.nodes if n.op == "placeholder"]
    match_changed_node = {}
    match_and_replacements = []
    for match in _matches:
        if len(match.placeholder_nodes) != len(replacement_placeholders):
            raise AssertionError()
        val_map = {}
        for rn, gn in zip(replacement_placeholders, match.placeholder_nodes):
            if isinstance(gn, Node):
                val_map[rn] = match_changed_node.get(gn, gn)
            else:
                val_map[rn] = gn
        user_nodes = {}
        for n in match.returning_nodes:
            for u in n.users:
                user_nodes[u] = None
        if not user_nodes:
            raise AssertionError("The returning_nodes should have at least one user node")
        first_user_node = None
        for n in original_graph.nodes:
            if n in user_nodes:
                first_user_node = n
                break
        with original_graph.inserting_before(first_user_node):
            copied_returning_nodes = original_graph.graph_copy(replacement_graph, val_map)
        if isinstance(copied_returning_nodes, Node):
            copied_returning_nodes = (copied_returning_nodes,)
        replacement_nodes = [v for v in val_map.values() if v not in match.placeholder_nodes]
        for gn, copied_node in zip(match.returning_nodes, copied_returning_nodes):
            gn.replace_all_uses_with(copied_node)
            match_changed_node[gn] = copied_node
        for node in reversed(pattern_graph.nodes):
            if node.op != "placeholder" and node.op != "output":
                gn = match.nodes_map[node]
                gm.graph.erase_node(gn)
        match_and_replacements.append(
            ReplacedPatterns(anchor=match.anchors[0], nodes_map=match.nodes_map, replacements=replacement_nodes))
    gm.recompile()
    return match_and_replacements


def replace_pattern(gm, pattern, replacement):
    match_and_replacements = _replace_pattern(gm, pattern, replacement)
    return [Match(anchor=m.anchor, nodes_map=m.nodes_map) for m in match_and_replacements]


def replace_pattern_with_filters(gm, pattern, replacement=None, match_filters=None, ignore_literals=False,
                                 replacement_callback=None, node_name_match=""):
    if ignore_literals:
        raise NotImplementedError("Kiln's subgraph rewriter matches literal arguments exactly (ignore_literals=False)")
    return _replace_pattern(gm, pattern, replacement, match_filters)
