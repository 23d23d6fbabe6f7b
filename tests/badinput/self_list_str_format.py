# badinput: str() and f-string of a self-containing list
# expect-exit: 0
# expect-stdout: [[...]] [[...]]
lst = []
lst.append(lst)
print(str(lst), f"{lst}")
