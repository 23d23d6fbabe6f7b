# badinput: dict.get / dict.keys / slice.indices called on the class with another object as self
# expect-exit: 1
# expect-stderr: TypeError: descriptor 'indices' for 'slice' objects doesn't apply to a 'int' object
for call in (lambda: dict.get([], 1), lambda: dict.keys(1), lambda: tuple.count(1, 1), lambda: list.__len__(1)):
    try:
        call()
    except TypeError as e:
        print(e)
slice.indices(1, 2)
