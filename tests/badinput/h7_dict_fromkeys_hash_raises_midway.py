# badinput: dict.fromkeys over keys whose third __hash__ raises
# expect-exit: 1
# expect-stderr: RuntimeError: third hash
class K:
    n = 0
    def __hash__(self):
        K.n += 1
        if K.n == 3: raise RuntimeError('third hash')
        return K.n
dict.fromkeys([K(), K(), K(), K()])
