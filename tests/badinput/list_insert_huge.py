# badinput: list.insert at huge positions clamps as CPython does
# expect-exit: 0
# expect-stdout: ['start', 1, 2, 'end']
lst = [1, 2]
lst.insert(2**62, "end")
lst.insert(-2**62, "start")
print(lst)
