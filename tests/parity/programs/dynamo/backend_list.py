import torch
import torch._dynamo
# The registered backends: the default list and the debug ones shown with exclude_tags=().

names = torch._dynamo.list_backends()
print(type(names).__name__)
print(names)
print("inductor" in names, "eager" in names, "aot_eager" in names)
everything = torch._dynamo.list_backends(exclude_tags=())
print("eager" in everything, "aot_eager" in everything, "inductor" in everything)
print(everything == sorted(everything), len(everything) > len(names))
x = torch.tensor([1., 2.])
for b in ["eager", "aot_eager"]:
    torch._dynamo.reset()
    cf = torch.compile(lambda t: t * 2 + 1, backend=b)
    print(b, cf(x))
try:
    torch.compile(lambda t: t + 1, backend="no_such_backend")(x)
    print("no error")
except Exception as e:
    print(type(e).__name__)
