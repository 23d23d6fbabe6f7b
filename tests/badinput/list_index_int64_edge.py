# badinput: list indexes at the int64 edges
# expect-exit: 0
# expect-stdout: list index out of range; list index out of range; 
lst = [1, 2, 3]
for i in (2**63 - 1, -2**63):
    try:
        lst[i]
    except IndexError as e:
        print(e, end="; ")
print()
