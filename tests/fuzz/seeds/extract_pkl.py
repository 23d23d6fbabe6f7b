# Writes torch_load/NAME.pkl, the data.pkl of each torch_load/NAME.pt (CPython or Kiln: zipfile only).
import glob
import os
import zipfile

here = os.path.dirname(os.path.abspath(__file__))
for p in glob.glob(os.path.join(here, "torch_load", "*.pt")):
    with zipfile.ZipFile(p) as z:
        for n in z.namelist():
            if n.endswith("/data.pkl"):
                with open(p[:-3] + ".pkl", "wb") as f:
                    f.write(z.read(n))
