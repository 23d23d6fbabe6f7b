# Real-program corpus (tests/realworld, see README.md): NegatioN/OnlineMiningTripletLoss, the PyTorch
# port of the batch-all / batch-hard online triplet mining losses, with its test suite run as a
# script: pairwise distances from the Gram matrix with `distances[distances < 0] = 0` and the
# eq(0)-mask epsilon before sqrt, 3-D triplet masks built from `torch.eye(n).byte()` and `~` on that
# uint8 tensor (bitwise: 254/255, which then works through `&` with bool masks by promotion to uint8),
# `labels.unsqueeze(0) == labels.unsqueeze(1)` broadcasting, max/min(1, keepdim=True) hardest
# positives/negatives, `tl[tl < 0] = 0`, positive-triplet counting through boolean indexing and
# `.size(0)`, an int divided by a float tensor; the tests compare against NumPy references
# (np.triu_indices fancy assignment, np.linalg.norm(axis=1), `upper_tri_pdists **= 2.`, triple loops)
# with np.allclose on torch tensors; then a small embedding network trained with each loss, checked
# against nn.TripletMarginLoss on the mined triplets.
# Origin: NegatioN/OnlineMiningTripletLoss triplet_loss.py and test_triplet_loss.py @
# 08d754d98bc4bed5df57f7962eb8ec3fd76f33a1.
# Changes: the two files in one; pytest's discovery replaced by calling each test in order (printing
# its name); num_data 64 -> 24 in the mask tests (their triple Python loops); np.random.seed set; the
# training demo (seeded Gaussian clusters, Adam, 5 steps per loss) is added to exercise the losses'
# gradients, printed with 4 decimals.
import numpy as np
import torch
import torch.nn as nn


# ---- triplet_loss.py ----

def batch_hard_triplet_loss(labels, embeddings, margin, squared=False):
    """Triplet loss over a batch: for each anchor the hardest positive and the hardest negative."""
    pairwise_dist = _pairwise_distances(embeddings, squared=squared)

    # valid positives: a != p and label(a) == label(p)
    mask_anchor_positive = _get_anchor_positive_triplet_mask(labels).float()
    anchor_positive_dist = mask_anchor_positive * pairwise_dist

    # shape (batch_size, 1)
    hardest_positive_dist, _ = anchor_positive_dist.max(1, keepdim=True)

    # valid negatives: label(a) != label(n); invalid ones get the row maximum added
    mask_anchor_negative = _get_anchor_negative_triplet_mask(labels).float()
    max_anchor_negative_dist, _ = pairwise_dist.max(1, keepdim=True)
    anchor_negative_dist = pairwise_dist + max_anchor_negative_dist * (1.0 - mask_anchor_negative)

    hardest_negative_dist, _ = anchor_negative_dist.min(1, keepdim=True)

    tl = hardest_positive_dist - hardest_negative_dist + margin
    tl[tl < 0] = 0
    triplet_loss = tl.mean()

    return triplet_loss


def batch_all_triplet_loss(labels, embeddings, margin, squared=False):
    """Triplet loss averaged over the positive valid triplets of the batch."""
    pairwise_dist = _pairwise_distances(embeddings, squared=squared)

    anchor_positive_dist = pairwise_dist.unsqueeze(2)
    anchor_negative_dist = pairwise_dist.unsqueeze(1)

    # triplet_loss[i, j, k]: anchor i, positive j, negative k
    triplet_loss = anchor_positive_dist - anchor_negative_dist + margin

    mask = _get_triplet_mask(labels)
    triplet_loss = mask.float() * triplet_loss

    # easy triplets contribute nothing
    triplet_loss[triplet_loss < 0] = 0

    valid_triplets = triplet_loss[triplet_loss > 1e-16]
    num_positive_triplets = valid_triplets.size(0)
    num_valid_triplets = mask.sum()

    fraction_positive_triplets = num_positive_triplets / (num_valid_triplets.float() + 1e-16)

    triplet_loss = triplet_loss.sum() / (num_positive_triplets + 1e-16)

    return triplet_loss, fraction_positive_triplets


def _pairwise_distances(embeddings, squared=False):
    """The matrix of (squared) euclidean distances between all the embeddings."""
    dot_product = torch.matmul(embeddings, embeddings.t())

    # the squared norms are the diagonal of the Gram matrix (so the diagonal distance is exactly 0)
    square_norm = torch.diag(dot_product)

    # ||a - b||^2 = ||a||^2  - 2 <a, b> + ||b||^2
    distances = square_norm.unsqueeze(0) - 2.0 * dot_product + square_norm.unsqueeze(1)

    # rounding can make some distances negative
    distances[distances < 0] = 0

    if not squared:
        # sqrt's gradient is infinite at 0: add an epsilon there
        mask = distances.eq(0).float()
        distances = distances + mask * 1e-16

        distances = (1.0 - mask) * torch.sqrt(distances)

    return distances


def _get_triplet_mask(labels):
    """mask[a, p, n] is True iff a, p, n are distinct, label(a) == label(p) and label(a) != label(n)."""
    indices_equal = torch.eye(labels.size(0)).byte()
    indices_not_equal = ~indices_equal
    i_not_equal_j = indices_not_equal.unsqueeze(2)
    i_not_equal_k = indices_not_equal.unsqueeze(1)
    j_not_equal_k = indices_not_equal.unsqueeze(0)

    distinct_indices = (i_not_equal_j & i_not_equal_k) & j_not_equal_k

    label_equal = labels.unsqueeze(0) == labels.unsqueeze(1)
    i_equal_j = label_equal.unsqueeze(2)
    i_equal_k = label_equal.unsqueeze(1)

    valid_labels = ~i_equal_k & i_equal_j

    return valid_labels & distinct_indices


def _get_anchor_positive_triplet_mask(labels):
    """mask[a, p] is True iff a and p are distinct and have the same label."""
    indices_equal = torch.eye(labels.size(0)).byte()
    indices_not_equal = ~indices_equal

    labels_equal = labels.unsqueeze(0) == labels.unsqueeze(1)

    return labels_equal & indices_not_equal


def _get_anchor_negative_triplet_mask(labels):
    """mask[a, n] is True iff a and n have different labels."""
    return ~(labels.unsqueeze(0) == labels.unsqueeze(1))


# ---- test_triplet_loss.py ----

def pairwise_distance_np(feature, squared=False):
    """The pairwise distance matrix in NumPy."""
    triu = np.triu_indices(feature.shape[0], 1)
    upper_tri_pdists = np.linalg.norm(feature[triu[1]] - feature[triu[0]], axis=1)
    if squared:
        upper_tri_pdists **= 2.
    num_data = feature.shape[0]
    pairwise_distances = np.zeros((num_data, num_data))
    pairwise_distances[np.triu_indices(num_data, 1)] = upper_tri_pdists
    # symmetric
    pairwise_distances = pairwise_distances + pairwise_distances.T - np.diag(
        pairwise_distances.diagonal())
    return pairwise_distances


def test_pairwise_distances():
    num_data = 64
    feat_dim = 6

    embeddings = np.random.randn(num_data, feat_dim).astype(np.float32)
    embeddings[1] = embeddings[0]  # a zero distance

    for squared in [True, False]:
        res_np = pairwise_distance_np(embeddings, squared=squared)
        res_pt = _pairwise_distances(torch.from_numpy(embeddings), squared=squared)
        assert np.allclose(res_np, res_pt)


def test_pairwise_distances_are_positive():
    num_data = 64
    feat_dim = 6

    # embeddings within [1.0 - 2e-7, 1.0 + 2e-7]: rounding errors are likely
    embeddings = 1.0 + 2e-7 * np.random.randn(num_data, feat_dim).astype(np.float32)
    embeddings[1] = embeddings[0]

    for squared in [True, False]:
        res_tf = _pairwise_distances(torch.from_numpy(embeddings), squared=squared)
        assert res_tf[res_tf < 0].sum() == 0


def test_triplet_mask():
    num_data = 24
    num_classes = 10

    labels = np.random.randint(0, num_classes, size=(num_data)).astype(np.float32)

    mask_np = np.zeros((num_data, num_data, num_data))
    for i in range(num_data):
        for j in range(num_data):
            for k in range(num_data):
                distinct = (i != j and i != k and j != k)
                valid = (labels[i] == labels[j]) and (labels[i] != labels[k])
                mask_np[i, j, k] = (distinct and valid)

    mask_tf_val = _get_triplet_mask(torch.from_numpy(labels))
    assert np.allclose(mask_np, mask_tf_val)


def test_anchor_positive_triplet_mask():
    num_data = 24
    num_classes = 10

    labels = np.random.randint(0, num_classes, size=(num_data)).astype(np.float32)

    mask_np = np.zeros((num_data, num_data))
    for i in range(num_data):
        for j in range(num_data):
            distinct = (i != j)
            valid = labels[i] == labels[j]
            mask_np[i, j] = (distinct and valid)

    mask_tf_val = _get_anchor_positive_triplet_mask(torch.from_numpy(labels))

    assert np.allclose(mask_np, mask_tf_val)


def test_anchor_negative_triplet_mask():
    num_data = 24
    num_classes = 10

    labels = np.random.randint(0, num_classes, size=(num_data)).astype(np.float32)

    mask_np = np.zeros((num_data, num_data))
    for i in range(num_data):
        for k in range(num_data):
            distinct = (i != k)
            valid = (labels[i] != labels[k])
            mask_np[i, k] = (distinct and valid)

    mask_tf_val = _get_anchor_negative_triplet_mask(torch.from_numpy(labels))

    assert np.allclose(mask_np, mask_tf_val)


def test_simple_batch_all_triplet_loss():
    # one class only: the loss must be 0
    num_data = 10
    feat_dim = 6
    margin = 0.2
    num_classes = 1

    embeddings = np.random.rand(num_data, feat_dim).astype(np.float32)
    labels = np.random.randint(0, num_classes, size=(num_data)).astype(np.float32)
    labels, embeddings = torch.from_numpy(labels), torch.from_numpy(embeddings)

    for squared in [True, False]:
        loss_np = 0.0

        loss_tf_val, fraction_val = batch_all_triplet_loss(labels, embeddings, margin, squared=squared)

        assert np.allclose(loss_np, loss_tf_val)
        assert np.allclose(fraction_val, 0.0)


def test_batch_all_triplet_loss():
    num_data = 10
    feat_dim = 6
    margin = 0.2
    num_classes = 5

    embeddings = np.random.rand(num_data, feat_dim).astype(np.float32)
    labels = np.random.randint(0, num_classes, size=(num_data)).astype(np.float32)

    for squared in [True, False]:
        pdist_matrix = pairwise_distance_np(embeddings, squared=squared)

        loss_np = 0.0
        num_positives = 0.0
        num_valid = 0.0
        for i in range(num_data):
            for j in range(num_data):
                for k in range(num_data):
                    distinct = (i != j and i != k and j != k)
                    valid = (labels[i] == labels[j]) and (labels[i] != labels[k])
                    if distinct and valid:
                        num_valid += 1.0

                        pos_distance = pdist_matrix[i][j]
                        neg_distance = pdist_matrix[i][k]

                        loss = np.maximum(0.0, pos_distance - neg_distance + margin)
                        loss_np += loss

                        num_positives += (loss > 0)

        loss_np /= num_positives

        loss_tf_val, fraction_val = batch_all_triplet_loss(torch.from_numpy(labels), torch.from_numpy(embeddings), margin, squared=squared)
        assert np.allclose(loss_np, loss_tf_val)
        assert np.allclose(num_positives / num_valid, fraction_val)


def test_batch_hard_triplet_loss():
    num_data = 50
    feat_dim = 6
    margin = 0.2
    num_classes = 5

    embeddings = np.random.rand(num_data, feat_dim).astype(np.float32)
    labels = np.random.randint(0, num_classes, size=(num_data)).astype(np.float32)

    for squared in [True, False]:
        pdist_matrix = pairwise_distance_np(embeddings, squared=squared)

        loss_np = 0.0
        for i in range(num_data):
            max_pos_dist = np.max(pdist_matrix[i][labels == labels[i]])
            min_neg_dist = np.min(pdist_matrix[i][labels != labels[i]])

            loss = np.maximum(0.0, max_pos_dist - min_neg_dist + margin)
            loss_np += loss

        loss_np /= num_data

        loss_tf_val = batch_hard_triplet_loss(torch.from_numpy(labels), torch.from_numpy(embeddings), margin, squared=squared)
        assert np.allclose(loss_np, loss_tf_val)


def main():
    np.random.seed(42)
    tests = [test_pairwise_distances, test_pairwise_distances_are_positive, test_triplet_mask,
             test_anchor_positive_triplet_mask, test_anchor_negative_triplet_mask,
             test_simple_batch_all_triplet_loss, test_batch_all_triplet_loss, test_batch_hard_triplet_loss]
    for t in tests:
        t()
        print("PASSED", t.__name__)

    eye = torch.eye(3).byte()
    print("~eye:", (~eye).tolist(), (~eye).dtype, "& bool:", (torch.ones(3, 3, dtype=torch.bool) & ~eye).dtype)

    # an embedding network on four Gaussian clusters, trained with each mining strategy
    torch.manual_seed(0)
    centers = torch.randn(4, 8) * 2
    labels = torch.arange(4).repeat_interleave(6)
    data = centers[labels] + torch.randn(24, 8)
    for name in ["batch_hard", "batch_all"]:
        torch.manual_seed(1)
        net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
        opt = torch.optim.Adam(net.parameters(), lr=0.01)
        for step in range(5):
            emb = net(data)
            if name == "batch_hard":
                loss = batch_hard_triplet_loss(labels, emb, margin=0.5)
                extra = ""
            else:
                loss, frac = batch_all_triplet_loss(labels, emb, margin=0.5)
                extra = " positive fraction %.4f" % frac.item()
            opt.zero_grad()
            loss.backward()
            opt.step()
            print(name, step, "loss %.4f" % loss.item() + extra)
    # the hardest triplets of the last embedding, scored by nn.TripletMarginLoss
    with torch.no_grad():
        emb = net(data)
        d = _pairwise_distances(emb)
        pos = (d * _get_anchor_positive_triplet_mask(labels).float()).argmax(1)
        neg = (d + d.max() * (~_get_anchor_negative_triplet_mask(labels)).float()).argmin(1)
        ref = nn.TripletMarginLoss(margin=0.5, eps=0.0)(emb, emb[pos], emb[neg])
        mine = batch_hard_triplet_loss(labels, emb, margin=0.5)
    print("TripletMarginLoss on the mined triplets %.4f, batch_hard %.4f" % (ref.item(), mine.item()))


if __name__ == "__main__":
    main()
