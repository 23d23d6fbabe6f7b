# sklearn for Kiln: the scikit-learn helpers PyTorch tutorials import beside torch, written over Kiln's
# NumPy: datasets (make_moons, make_circles, make_blobs, make_classification), model_selection.train_test_split (ShuffleSplit /
# StratifiedShuffleSplit), preprocessing (StandardScaler, MinMaxScaler, LabelEncoder, OneHotEncoder) and
# metrics (accuracy, confusion matrix, precision / recall / F1, classification_report). The random ones
# draw from np.random.RandomState in scikit-learn 1.9's order, so a random_state gives its numbers.
# Estimators (linear models, trees, SVMs, clustering, manifold learning) are left out: engine/stdlib/README.md.
__version__ = "1.9.1"
