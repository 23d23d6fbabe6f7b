# train_test_split and the preprocessing classes tutorials put between the data and a torch model:
# splits of arrays and lists with test_size / train_size as fractions and counts, shuffle=False,
# stratify (balanced and unbalanced classes, string labels), a RandomState, the size errors;
# StandardScaler / MinMaxScaler fit / transform / inverse_transform with their attributes (a constant
# column, float32 input), LabelEncoder on ints and strings, OneHotEncoder dense and sparse output.
import numpy as np
from sklearn.model_selection import KFold, train_test_split
from sklearn.preprocessing import LabelEncoder, MinMaxScaler, OneHotEncoder, StandardScaler

X = np.arange(20).reshape(10, 2)
y = np.array([0, 1, 0, 1, 0, 1, 0, 1, 1, 1])
Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=42)
print(Xtr.tolist(), Xte.tolist(), ytr.tolist(), yte.tolist())
a, b = train_test_split(list(range(7)), random_state=0)
print(a, b)
a, b, c, d = train_test_split(X, list("abcdefghij"), train_size=6, test_size=3, random_state=np.random.RandomState(3))
print(a[:, 0].tolist(), b[:, 0].tolist(), c, d)
print([t.tolist() for t in train_test_split(X, y, test_size=0.25, shuffle=False)])
Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.4, stratify=y, random_state=0)
print(Xtr[:, 0].tolist(), Xte[:, 0].tolist(), ytr.tolist(), yte.tolist())
labels = np.array(["cat"] * 5 + ["dog"] * 9 + ["eel"] * 3)
idx = np.arange(17)
tr, te, ltr, lte = train_test_split(idx, labels, test_size=0.33, stratify=labels, random_state=7)
print(tr.tolist(), te.tolist(), ltr.tolist(), lte.tolist())
np.random.seed(1)
print(train_test_split(np.arange(8), test_size=2)[1].tolist())
for kw in ({"test_size": 1.5}, {"test_size": 0}, {"train_size": 0.8, "test_size": 0.3}):
    try:
        train_test_split(X, **kw)
    except ValueError as e:
        print("ValueError:", e)
print([(tr.tolist(), te.tolist()) for tr, te in KFold(3).split(np.zeros(7))])
print([te.tolist() for _, te in KFold(3, shuffle=True, random_state=0).split(np.zeros(7))])

rs = np.random.RandomState(0)
D = rs.normal(loc=[1.0, -2.0, 5.0], scale=[0.5, 3.0, 1e-3], size=(8, 3))
D[:, 2] = 4.0
sc = StandardScaler()
Z = sc.fit_transform(D)
print(sc.mean_, sc.var_, sc.scale_, sc.n_samples_seen_, sc.n_features_in_)
print(Z.round(6))
print(np.allclose(sc.inverse_transform(Z), D), sc.transform(D[:2] + 1).round(6).tolist())
Z32 = StandardScaler().fit_transform(D.astype(np.float32))
print(Z32.dtype, Z32[0].round(5).tolist())
print(StandardScaler(with_mean=False).fit_transform(D)[0].round(6).tolist())
mm = MinMaxScaler()
M = mm.fit_transform(D)
print(mm.data_min_, mm.data_max_, mm.data_range_, mm.scale_, mm.min_)
print(M.round(6).tolist()[:2])
M2 = MinMaxScaler(feature_range=(-1, 1)).fit(D[:4]).transform(D[4:])
print(M2.round(6).tolist(), MinMaxScaler().fit(D).inverse_transform(M)[0].round(6).tolist())

le = LabelEncoder()
print(le.fit_transform([3, 1, 3, 7, 1]), le.classes_, le.transform([7, 1]), le.inverse_transform([0, 2]))
le2 = LabelEncoder().fit(["paris", "tokyo", "amsterdam", "paris"])
print(le2.classes_.tolist(), le2.transform(["tokyo", "paris"]).tolist(), le2.inverse_transform([0, 1]).tolist())
try:
    le.transform([2])
except ValueError as e:
    print("ValueError:", e)
enc = OneHotEncoder(sparse_output=False)
O = enc.fit_transform(np.array([[0, 3], [1, 3], [2, 5], [0, 5]]))
print(O, [c.tolist() for c in enc.categories_])
enc2 = OneHotEncoder(handle_unknown="ignore")
S = enc2.fit_transform([["Male", 1], ["Female", 3], ["Female", 2]])
print(S.shape, S.toarray().tolist(), enc2.transform([["Female", 1], ["Male", 4]]).toarray().tolist())
print(list(enc2.get_feature_names_out()))
