# badinput: __eq__ grows the list on every comparison while `in` scans it (bounded by the budget)
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError: instruction budget of 1000000 exhausted
class E:
    def __eq__(self, other):
        lst.append(E())
        return False
lst = [E()]
print(5 in lst)
