# badinput: a WeakValueDictionary entry read after its value was freed (it stayed, as a strong dict, before)
# expect-exit: 1
# expect-stderr: KeyError: 'model'
import weakref
class Model:
    pass
cache = weakref.WeakValueDictionary()
m = Model()
cache["model"] = m
print(len(cache))
del m
print(len(cache))
cache["model"]
