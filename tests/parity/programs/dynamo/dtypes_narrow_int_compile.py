import torch
# torch.compile over uint8/int8/int16/int32 tensors: the compiled results equal eager ones (wrap-around,
# promotion, normalising uint8 images to float), with the eager and inductor backends; the FX graph
# names the narrow dtypes.
def pixels(img, offset):
    x = img.float() / 255.0
    y = (img + offset) * 2
    return x.mean(), y, (img > 128).sum()

def mixed(a, b):
    return a + b, a * 3 - b, (a // 2).to(torch.int16), a.max()

img = torch.tensor([[0, 64, 128, 255], [10, 20, 200, 250]], dtype=torch.uint8)
a = torch.tensor([100000, -7, 3], dtype=torch.int32)
b = torch.tensor([-128, 0, 127], dtype=torch.int8)
for backend in ["eager", "aot_eager", "inductor"]:
    torch._dynamo.reset()
    p = torch.compile(pixels, backend=backend)
    m = torch.compile(mixed, backend=backend)
    out = p(img, 10)
    ref = pixels(img, 10)
    print(backend, [o.dtype for o in out], [torch.equal(o, r) for o, r in zip(out, ref)])
    print(out[1])
    out = m(a, b)
    ref = mixed(a, b)
    print(backend, [o.dtype for o in out], [torch.equal(o, r) for o, r in zip(out, ref)])
    print(out)

torch._dynamo.reset()
gm_holder = []
def capture(gm, example_inputs):
    gm_holder.append(gm)
    return gm.forward
torch.compile(mixed, backend=capture)(a, b)
for node in gm_holder[0].graph.nodes:
    if node.op == "placeholder":
        print(node.name, node.meta["example_value"].dtype)
