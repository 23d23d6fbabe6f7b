# np.genfromtxt with a str dtype (np.dtype(str): '<U' sized to the longest field) and an integer
# dtype, as pygcn's and pytorch/examples gcn/gat's load_cora read cora.content (paper id, binary
# word features, class label) and cora.cites; then their processing: the str array's int slices,
# np.unique(return_inverse=True) of the labels, the id map and the edge list.
import io
import os

import numpy as np
import torch

content = ["31336\t0\t1\t0\t0\tNeural_Networks", "1061127\t1\t0\t0\t1\tRule_Learning",
           "1106406\t0\t0\t1\t0\tReinforcement_Learning", "13195\t0\t1\t1\t0\tNeural_Networks"]
with open("genfromtxt_tmp.content", "w") as f:
    f.write("\n".join(content) + "\n")
with open("genfromtxt_tmp.cites", "w") as f:
    f.write("31336\t1061127\n1106406\t13195\n13195\t31336\n")
c = np.genfromtxt("genfromtxt_tmp.content", dtype=np.dtype(str))
print(c.dtype, c.shape, c[0].tolist(), c[:, -1])
cites = np.genfromtxt("genfromtxt_tmp.cites", dtype=np.int32)
print(cites.dtype, cites.shape, cites.tolist())
features = torch.FloatTensor(c[:, 1:-1].astype(np.int32))
print(features, features.sum(dim=1))
classes, labels = np.unique(c[:, -1], return_inverse=True)
print(classes, labels, torch.LongTensor(labels))
idx = c[:, 0].astype(np.int32)
idx_map = {id: pos for pos, id in enumerate(idx)}
edges = np.array(list(map(lambda edge: [idx_map[edge[0]], idx_map[edge[1]]], cites)), dtype=np.int32)
print(edges.tolist(), edges.T.shape)
print(np.genfromtxt("genfromtxt_tmp.content", dtype=str, usecols=(0, 5)).tolist())
print(np.genfromtxt("genfromtxt_tmp.content", dtype=np.int64, usecols=(1, 2, 3)).tolist())
print(np.genfromtxt(io.StringIO("a,bb\nccc,d\n"), dtype=str, delimiter=","))
print(np.genfromtxt(io.StringIO("7 8 9\n"), dtype=int), np.genfromtxt(io.StringIO("1 2\n3 4\n"), dtype=np.uint8).dtype)
os.remove("genfromtxt_tmp.content")
os.remove("genfromtxt_tmp.cites")
