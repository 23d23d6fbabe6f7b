# Objects with __index__ subscript lists, tuples, strings and ranges as the int they stand for, in
# reads, stores, augmented stores and deletions (CPython's PyNumber_AsSsize_t); counters indexed by
# a label object (class_correct[label] += 1) rely on the store half.


class Label:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


class NotIndex:
    def __int__(self):
        return 1


counts = [0, 0, 0, 0]
for lab in [Label(1), Label(3), Label(1), Label(-1)]:
    counts[lab] += 1
print(counts)
counts[Label(0)] = 10
print(counts, counts[Label(2)], (5, 6, 7)[Label(1)], "abc"[Label(-1)], range(10, 20)[Label(3)])
del counts[Label(1)]
print(counts)
items = list(range(6))
items[Label(1):Label(4)] = ["x"]
print(items)
for bad in [NotIndex(), 1.5, "0"]:
    for action in ["get", "set", "del"]:
        try:
            if action == "get":
                counts[bad]
            elif action == "set":
                counts[bad] = 0
            else:
                del counts[bad]
        except TypeError as e:
            print(action, type(e).__name__, e)
try:
    counts[Label(10)] = 1
except IndexError as e:
    print("IndexError", e)
try:
    del counts[Label(-10)]
except IndexError as e:
    print("IndexError", e)
