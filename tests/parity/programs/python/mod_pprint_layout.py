# pprint: CPython layout of nested dicts, lists, tuples, sets, long strings
import types, numbers, textwrap, pprint, statistics, csv, io, queue, math
d = {'name': 'resnet', 'layers': [64, 128, 256, 512], 'opts': {'lr': 0.001, 'momentum': 0.9, 'nesterov': True, 'weight_decay': 5e-4}, 'tags': ('vision', 'classification', 'imagenet', 'baseline-model'), 'desc': 'a very long description string ' * 4}
pprint.pprint(d)
pprint.pprint(list(range(40)))
pprint.pprint(d, width=40, sort_dicts=False)
print(pprint.pformat({'b': 1, 'a': [1, 2]}))
pprint.pprint([{'k': i, 'v': [i] * 10} for i in range(4)], compact=True)
pprint.pprint({1, 5, 3}); pprint.pprint((1,)); pprint.pprint(d, depth=1)
