# badinput: complex int
# expect-exit: 1
# expect-stderr: TypeError: int() argument must be a string, a bytes-like object or a real number, not 'complex'
int(1j)
