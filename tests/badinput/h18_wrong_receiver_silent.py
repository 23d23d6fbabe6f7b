# badinput: unbound methods that returned a value for a receiver of the wrong type (list.copy({}), bytearray.append(b'', 1))
# expect-exit: 1
# expect-stderr: TypeError: descriptor 'conjugate' for 'complex' objects doesn't apply to a 'float' object
for call in (lambda: list.copy({}), lambda: dict.update(1, {}), lambda: bytearray.append(b'a', 1), lambda: str.upper(1),
             lambda: list.append()):
    try:
        print(call())
    except TypeError as e:
        print(e)
print(list.append([], 1), dict.get({1: 2}, 1), str.upper('a'), bytes.fromhex('ff'), b''.fromhex('01'))
complex.conjugate(1.0)
