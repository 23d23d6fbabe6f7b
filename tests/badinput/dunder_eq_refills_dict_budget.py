# badinput: a dict key whose __eq__ refills the dict forever (the lookup restarts each time) under a step budget
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
class K:
    def __hash__(self): return 1
    def __eq__(self, o):
        d.clear()
        for i in range(100): d[i] = i
        return False
d = {K(): 1}
print(d.get(K()))
