# Real-program corpus (tests/realworld, see README.md): the shape of gordicaleksa/pytorch-GAT
# (models/definitions/GAT.py, training_script_cora.py, utils/constants.py, utils/utils.py @ 39c8f0ee),
# Aleksa Gordić's annotated Graph Attention Network with three interchangeable layer implementations.
# It exercises an Enum of layer types mapped to classes, a GAT built as nn.Sequential over
# (node_features, topology) tuples, per-head projections with xavier_uniform_ scores, LeakyReLU(0.2)
# attention logits: implementation 3 on an edge index (index_select lifting, a numerically stable
# per-neighbourhood softmax through scatter_add_ over expanded target indices, neighbour aggregation
# with scatter_add_), implementation 2 on a dense connectivity mask of 0/-inf (bmm of heads), and
# implementation 1 as a dense broadcast sum; skip connections with head concatenation or mean, ELU between layers,
# the closure-built main_loop with a LoopPhase enum, `global` early-stopping counters, Adam with
# weight decay, argmax accuracy through torch.eq().long().sum().item(), and a training-state checkpoint
# dict (with a fake commit hash) written through torch.save into BytesIO. Changes: a random 300-node
# graph (Cora is read from pickled SciPy matrices), few epochs, no tensorboard or timing. Written for
# Kiln, not copied.
import argparse
import enum
import io
import re

import torch
import torch.nn as nn
from torch.optim import Adam


class LayerType(enum.Enum):
    IMP1 = 0,
    IMP2 = 1,
    IMP3 = 2


class LoopPhase(enum.Enum):
    TRAIN = 0,
    VAL = 1,
    TEST = 2


NUM_NODES = 300
NUM_INPUT_FEATURES = 40
NUM_CLASSES = 7
TRAIN_RANGE, VAL_RANGE, TEST_RANGE = [0, 60], [60, 160], [160, 300]

BEST_VAL_PERF = 0
BEST_VAL_LOSS = 0
PATIENCE_CNT = 0


class GATLayer(nn.Module):
    head_dim = 1

    def __init__(self, num_in_features, num_out_features, num_of_heads, layer_type, concat=True,
                 activation=nn.ELU(), dropout_prob=0.6, add_skip_connection=True, bias=True):
        super().__init__()
        self.num_of_heads = num_of_heads
        self.num_out_features = num_out_features
        self.concat = concat
        self.add_skip_connection = add_skip_connection
        if layer_type == LayerType.IMP1:
            self.proj_param = nn.Parameter(torch.Tensor(num_of_heads, num_in_features, num_out_features))
        else:
            self.linear_proj = nn.Linear(num_in_features, num_of_heads * num_out_features, bias=False)
        self.scoring_fn_target = nn.Parameter(torch.Tensor(1, num_of_heads, num_out_features))
        self.scoring_fn_source = nn.Parameter(torch.Tensor(1, num_of_heads, num_out_features))
        if layer_type == LayerType.IMP1:
            self.scoring_fn_target = nn.Parameter(self.scoring_fn_target.reshape(num_of_heads, num_out_features, 1))
            self.scoring_fn_source = nn.Parameter(self.scoring_fn_source.reshape(num_of_heads, num_out_features, 1))
        if bias and concat:
            self.bias = nn.Parameter(torch.Tensor(num_of_heads * num_out_features))
        elif bias and not concat:
            self.bias = nn.Parameter(torch.Tensor(num_out_features))
        else:
            self.register_parameter('bias', None)
        if add_skip_connection:
            self.skip_proj = nn.Linear(num_in_features, num_of_heads * num_out_features, bias=False)
        else:
            self.register_parameter('skip_proj', None)
        self.leakyReLU = nn.LeakyReLU(0.2)
        self.softmax = nn.Softmax(dim=-1)
        self.activation = activation
        self.dropout = nn.Dropout(p=dropout_prob)
        self.init_params(layer_type)

    def init_params(self, layer_type):
        nn.init.xavier_uniform_(self.proj_param if layer_type == LayerType.IMP1 else self.linear_proj.weight)
        nn.init.xavier_uniform_(self.scoring_fn_target)
        nn.init.xavier_uniform_(self.scoring_fn_source)
        if self.bias is not None:
            torch.nn.init.zeros_(self.bias)

    def skip_concat_bias(self, in_nodes_features, out_nodes_features):
        if not out_nodes_features.is_contiguous():
            out_nodes_features = out_nodes_features.contiguous()
        if self.add_skip_connection:
            if out_nodes_features.shape[-1] == in_nodes_features.shape[-1]:
                out_nodes_features += in_nodes_features.unsqueeze(1)
            else:
                out_nodes_features += self.skip_proj(in_nodes_features).view(-1, self.num_of_heads, self.num_out_features)
        if self.concat:
            out_nodes_features = out_nodes_features.view(-1, self.num_of_heads * self.num_out_features)
        else:
            out_nodes_features = out_nodes_features.mean(dim=self.head_dim)
        if self.bias is not None:
            out_nodes_features += self.bias
        return out_nodes_features if self.activation is None else self.activation(out_nodes_features)


class GATLayerImp3(GATLayer):
    src_nodes_dim = 0
    trg_nodes_dim = 1
    nodes_dim = 0
    head_dim = 1

    def __init__(self, num_in_features, num_out_features, num_of_heads, concat=True, activation=nn.ELU(),
                 dropout_prob=0.6, add_skip_connection=True, bias=True):
        super().__init__(num_in_features, num_out_features, num_of_heads, LayerType.IMP3, concat, activation,
                         dropout_prob, add_skip_connection, bias)

    def forward(self, data):
        in_nodes_features, edge_index = data
        num_of_nodes = in_nodes_features.shape[self.nodes_dim]
        in_nodes_features = self.dropout(in_nodes_features)
        nodes_features_proj = self.linear_proj(in_nodes_features).view(-1, self.num_of_heads, self.num_out_features)
        nodes_features_proj = self.dropout(nodes_features_proj)
        scores_source = (nodes_features_proj * self.scoring_fn_source).sum(dim=-1)
        scores_target = (nodes_features_proj * self.scoring_fn_target).sum(dim=-1)
        scores_source_lifted, scores_target_lifted, nodes_features_proj_lifted = self.lift(scores_source, scores_target, nodes_features_proj, edge_index)
        scores_per_edge = self.leakyReLU(scores_source_lifted + scores_target_lifted)
        attentions_per_edge = self.neighborhood_aware_softmax(scores_per_edge, edge_index[self.trg_nodes_dim], num_of_nodes)
        attentions_per_edge = self.dropout(attentions_per_edge)
        nodes_features_proj_lifted_weighted = nodes_features_proj_lifted * attentions_per_edge
        out_nodes_features = self.aggregate_neighbors(nodes_features_proj_lifted_weighted, edge_index, in_nodes_features, num_of_nodes)
        out_nodes_features = self.skip_concat_bias(in_nodes_features, out_nodes_features)
        return (out_nodes_features, edge_index)

    def neighborhood_aware_softmax(self, scores_per_edge, trg_index, num_of_nodes):
        scores_per_edge = scores_per_edge - scores_per_edge.max()
        exp_scores_per_edge = scores_per_edge.exp()
        neigborhood_aware_denominator = self.sum_edge_scores_neighborhood_aware(exp_scores_per_edge, trg_index, num_of_nodes)
        attentions_per_edge = exp_scores_per_edge / (neigborhood_aware_denominator + 1e-16)
        return attentions_per_edge.unsqueeze(-1)

    def sum_edge_scores_neighborhood_aware(self, exp_scores_per_edge, trg_index, num_of_nodes):
        trg_index_broadcasted = self.explicit_broadcast(trg_index, exp_scores_per_edge)
        size = list(exp_scores_per_edge.shape)
        size[self.nodes_dim] = num_of_nodes
        neighborhood_sums = torch.zeros(size, dtype=exp_scores_per_edge.dtype, device=exp_scores_per_edge.device)
        neighborhood_sums.scatter_add_(self.nodes_dim, trg_index_broadcasted, exp_scores_per_edge)
        return neighborhood_sums.index_select(self.nodes_dim, trg_index)

    def aggregate_neighbors(self, nodes_features_proj_lifted_weighted, edge_index, in_nodes_features, num_of_nodes):
        size = list(nodes_features_proj_lifted_weighted.shape)
        size[self.nodes_dim] = num_of_nodes
        out_nodes_features = torch.zeros(size, dtype=in_nodes_features.dtype, device=in_nodes_features.device)
        trg_index_broadcasted = self.explicit_broadcast(edge_index[self.trg_nodes_dim], nodes_features_proj_lifted_weighted)
        out_nodes_features.scatter_add_(self.nodes_dim, trg_index_broadcasted, nodes_features_proj_lifted_weighted)
        return out_nodes_features

    def lift(self, scores_source, scores_target, nodes_features_matrix_proj, edge_index):
        src_nodes_index = edge_index[self.src_nodes_dim]
        trg_nodes_index = edge_index[self.trg_nodes_dim]
        scores_source = scores_source.index_select(self.nodes_dim, src_nodes_index)
        scores_target = scores_target.index_select(self.nodes_dim, trg_nodes_index)
        nodes_features_matrix_proj_lifted = nodes_features_matrix_proj.index_select(self.nodes_dim, src_nodes_index)
        return scores_source, scores_target, nodes_features_matrix_proj_lifted

    def explicit_broadcast(self, this, other):
        for _ in range(this.dim(), other.dim()):
            this = this.unsqueeze(-1)
        return this.expand_as(other)


class GATLayerImp2(GATLayer):
    def __init__(self, num_in_features, num_out_features, num_of_heads, concat=True, activation=nn.ELU(),
                 dropout_prob=0.6, add_skip_connection=True, bias=True):
        super().__init__(num_in_features, num_out_features, num_of_heads, LayerType.IMP2, concat, activation,
                         dropout_prob, add_skip_connection, bias)

    def forward(self, data):
        in_nodes_features, connectivity_mask = data
        num_of_nodes = in_nodes_features.shape[0]
        assert connectivity_mask.shape == (num_of_nodes, num_of_nodes), \
            f'Expected connectivity matrix with shape=({num_of_nodes},{num_of_nodes}), got shape={connectivity_mask.shape}.'
        in_nodes_features = self.dropout(in_nodes_features)
        nodes_features_proj = self.linear_proj(in_nodes_features).view(-1, self.num_of_heads, self.num_out_features)
        nodes_features_proj = self.dropout(nodes_features_proj)
        scores_source = torch.sum((nodes_features_proj * self.scoring_fn_source), dim=-1, keepdim=True)
        scores_target = torch.sum((nodes_features_proj * self.scoring_fn_target), dim=-1, keepdim=True)
        scores_source = scores_source.transpose(0, 1)
        scores_target = scores_target.permute(1, 2, 0)
        all_scores = self.leakyReLU(scores_source + scores_target)
        all_attention_coefficients = self.softmax(all_scores + connectivity_mask)
        out_nodes_features = torch.bmm(all_attention_coefficients, nodes_features_proj.transpose(0, 1))
        out_nodes_features = out_nodes_features.permute(1, 0, 2)
        out_nodes_features = self.skip_concat_bias(in_nodes_features, out_nodes_features)
        return (out_nodes_features, connectivity_mask)


class GATLayerImp1(GATLayer):
    def __init__(self, num_in_features, num_out_features, num_of_heads, concat=True, activation=nn.ELU(),
                 dropout_prob=0.6, add_skip_connection=True, bias=True):
        super().__init__(num_in_features, num_out_features, num_of_heads, LayerType.IMP1, concat, activation,
                         dropout_prob, add_skip_connection, bias)

    def forward(self, data):
        in_nodes_features, connectivity_mask = data
        in_nodes_features = self.dropout(in_nodes_features)
        nodes_features_proj = torch.matmul(in_nodes_features.unsqueeze(0), self.proj_param)
        nodes_features_proj = self.dropout(nodes_features_proj)
        scores_source = torch.bmm(nodes_features_proj, self.scoring_fn_source)
        scores_target = torch.bmm(nodes_features_proj, self.scoring_fn_target)
        all_scores = self.leakyReLU(scores_source + torch.transpose(scores_target, 1, 2))
        all_attention_coefficients = self.softmax(all_scores + connectivity_mask)
        out_nodes_features = torch.bmm(all_attention_coefficients, nodes_features_proj)
        out_nodes_features = out_nodes_features.transpose(0, 1)
        out_nodes_features = self.skip_concat_bias(in_nodes_features, out_nodes_features)
        return (out_nodes_features, connectivity_mask)


def get_layer_type(layer_type):
    assert isinstance(layer_type, LayerType), f'Expected {LayerType} got {type(layer_type)}.'
    if layer_type == LayerType.IMP1:
        return GATLayerImp1
    elif layer_type == LayerType.IMP2:
        return GATLayerImp2
    elif layer_type == LayerType.IMP3:
        return GATLayerImp3
    raise Exception(f'Layer type {layer_type} not yet supported.')


class GAT(torch.nn.Module):
    def __init__(self, num_of_layers, num_heads_per_layer, num_features_per_layer, add_skip_connection=True, bias=True,
                 dropout=0.6, layer_type=LayerType.IMP3):
        super().__init__()
        assert num_of_layers == len(num_heads_per_layer) == len(num_features_per_layer) - 1, 'Enter valid arch params.'
        GATLayer = get_layer_type(layer_type)
        num_heads_per_layer = [1] + num_heads_per_layer
        gat_layers = []
        for i in range(num_of_layers):
            layer = GATLayer(
                num_in_features=num_features_per_layer[i] * num_heads_per_layer[i],
                num_out_features=num_features_per_layer[i+1],
                num_of_heads=num_heads_per_layer[i+1],
                concat=True if i < num_of_layers - 1 else False,
                activation=nn.ELU() if i < num_of_layers - 1 else None,
                dropout_prob=dropout,
                add_skip_connection=add_skip_connection,
                bias=bias,
            )
            gat_layers.append(layer)
        self.gat_net = nn.Sequential(*gat_layers)

    def forward(self, data):
        return self.gat_net(data)


def load_graph_data(config):
    # Cora's stand-in: sparse bag-of-words features, row-normalized, and a random undirected graph.
    g = torch.Generator().manual_seed(0)
    feats = (torch.rand(NUM_NODES, NUM_INPUT_FEATURES, generator=g) < 0.15).float()
    feats = feats / feats.sum(-1, keepdim=True).clamp(min=1)
    labels = torch.randint(0, NUM_CLASSES, (NUM_NODES,), generator=g)
    src = torch.randint(0, NUM_NODES, (900,), generator=g)
    trg = (src + torch.randint(1, 6, (900,), generator=g)) % NUM_NODES
    if config['layer_type'] == LayerType.IMP3:
        self_edges = torch.arange(NUM_NODES).repeat(2, 1)
        topology = torch.cat([torch.stack([src, trg]), torch.stack([trg, src]), self_edges], dim=1)
    else:
        adjacency = torch.zeros(NUM_NODES, NUM_NODES)
        adjacency[src, trg] = 1
        adjacency[trg, src] = 1
        adjacency += torch.eye(NUM_NODES)
        topology = torch.full((NUM_NODES, NUM_NODES), -float('inf'))
        topology[adjacency > 0] = 0
    indices = [torch.arange(*r, dtype=torch.long) for r in (TRAIN_RANGE, VAL_RANGE, TEST_RANGE)]
    return (feats, labels, topology, *indices)


def get_training_state(training_config, model):
    return {
        "commit_hash": "0" * 40,
        "dataset_name": training_config['dataset_name'],
        "num_of_epochs": training_config['num_of_epochs'],
        "test_perf": training_config['test_perf'],
        "num_of_layers": training_config['num_of_layers'],
        "num_heads_per_layer": training_config['num_heads_per_layer'],
        "num_features_per_layer": training_config['num_features_per_layer'],
        "layer_type": training_config['layer_type'].name,
        "state_dict": model.state_dict(),
    }


def get_available_binary_name(dataset_name, existing):
    prefix = f'gat_{dataset_name}'
    valid = [name for name in existing if re.fullmatch(rf'{prefix}_[0-9]{{6}}\.pth', name) is not None]
    if valid:
        last = sorted(valid)[-1]
        return f'{prefix}_{str(int(last.split(".")[0][-6:]) + 1).zfill(6)}.pth'
    return f'{prefix}_000000.pth'


def get_main_loop(config, gat, cross_entropy_loss, optimizer, node_features, node_labels, edge_index,
                  train_indices, val_indices, test_indices, patience_period):
    node_dim = 0
    train_labels = node_labels.index_select(node_dim, train_indices)
    val_labels = node_labels.index_select(node_dim, val_indices)
    test_labels = node_labels.index_select(node_dim, test_indices)
    graph_data = (node_features, edge_index)

    def get_node_indices(phase):
        return {LoopPhase.TRAIN: train_indices, LoopPhase.VAL: val_indices}.get(phase, test_indices)

    def get_node_labels(phase):
        return {LoopPhase.TRAIN: train_labels, LoopPhase.VAL: val_labels}.get(phase, test_labels)

    def main_loop(phase, epoch=0):
        global BEST_VAL_PERF, BEST_VAL_LOSS, PATIENCE_CNT
        if phase == LoopPhase.TRAIN:
            gat.train()
        else:
            gat.eval()
        node_indices = get_node_indices(phase)
        gt_node_labels = get_node_labels(phase)
        nodes_unnormalized_scores = gat(graph_data)[0].index_select(node_dim, node_indices)
        loss = cross_entropy_loss(nodes_unnormalized_scores, gt_node_labels)
        if phase == LoopPhase.TRAIN:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        class_predictions = torch.argmax(nodes_unnormalized_scores, dim=-1)
        accuracy = torch.sum(torch.eq(class_predictions, gt_node_labels).long()).item() / len(gt_node_labels)
        if phase == LoopPhase.TRAIN:
            if config['console_log_freq'] is not None and epoch % config['console_log_freq'] == 0:
                print(f'GAT training: epoch={epoch + 1} | train loss={loss.item():.4f} | train acc={accuracy:.3f}')
        elif phase == LoopPhase.VAL:
            if config['console_log_freq'] is not None and epoch % config['console_log_freq'] == 0:
                print(f'GAT validation: epoch={epoch + 1} | val loss={loss.item():.4f} | val acc={accuracy:.3f}')
            if accuracy > BEST_VAL_PERF or loss.item() < BEST_VAL_LOSS:
                BEST_VAL_PERF = max(accuracy, BEST_VAL_PERF)
                BEST_VAL_LOSS = min(loss.item(), BEST_VAL_LOSS)
                PATIENCE_CNT = 0
            else:
                PATIENCE_CNT += 1
            if PATIENCE_CNT >= patience_period:
                raise Exception('Stopping the training, the universe has no more patience for this training.')
        else:
            return accuracy

    return main_loop


def train_gat(config):
    global BEST_VAL_PERF, BEST_VAL_LOSS
    node_features, node_labels, edge_index, train_indices, val_indices, test_indices = load_graph_data(config)
    torch.manual_seed(config['seed'])
    gat = GAT(num_of_layers=config['num_of_layers'], num_heads_per_layer=config['num_heads_per_layer'],
              num_features_per_layer=config['num_features_per_layer'], add_skip_connection=config['add_skip_connection'],
              bias=config['bias'], dropout=config['dropout'], layer_type=config['layer_type'])
    print(f'{config["layer_type"].name}: {sum(p.numel() for p in gat.parameters())} parameters,',
          [type(m).__name__ for m in gat.gat_net], tuple(edge_index.shape), edge_index.dtype)
    loss_fn = nn.CrossEntropyLoss(reduction='mean')
    optimizer = Adam(gat.parameters(), lr=config['lr'], weight_decay=config['weight_decay'])
    main_loop = get_main_loop(config, gat, loss_fn, optimizer, node_features, node_labels, edge_index,
                              train_indices, val_indices, test_indices, config['patience_period'])
    BEST_VAL_PERF, BEST_VAL_LOSS, PATIENCE_CNT = [0, 0, 0]
    for epoch in range(config['num_of_epochs']):
        main_loop(phase=LoopPhase.TRAIN, epoch=epoch)
        with torch.no_grad():
            try:
                main_loop(phase=LoopPhase.VAL, epoch=epoch)
            except Exception as e:
                print(str(e))
                break
    if config['should_test']:
        test_acc = main_loop(phase=LoopPhase.TEST)
        config['test_perf'] = test_acc
        print(f'Test accuracy = {test_acc:.3f}')
    else:
        config['test_perf'] = -1
    buffer = io.BytesIO()
    torch.save(get_training_state(config, gat), buffer)
    buffer.seek(0)
    state = torch.load(buffer, weights_only=False)
    print(get_available_binary_name(config['dataset_name'], ['gat_CORA_000000.pth', 'notes.txt']),
          state['layer_type'], len(state['state_dict']), sorted(state['state_dict'])[:3])
    return gat


def get_training_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--num_of_epochs", type=int, help="number of training epochs", default=10000)
    parser.add_argument("--patience_period", type=int, help="number of epochs with no improvement on val before terminating", default=1000)
    parser.add_argument("--lr", type=float, help="model learning rate", default=5e-3)
    parser.add_argument("--weight_decay", type=float, help="L2 regularization on model weights", default=5e-4)
    parser.add_argument("--should_test", action='store_true', help='should test the model on the test dataset? (no by default)')
    parser.add_argument("--dataset_name", choices=['CORA', 'PPI'], help='dataset to use for training', default='CORA')
    parser.add_argument("--console_log_freq", type=int, help="log to output console (epoch) freq (None for no logging)", default=100)
    args = parser.parse_args(argv)
    gat_config = {
        "num_of_layers": 2,
        "num_heads_per_layer": [8, 1],
        "num_features_per_layer": [NUM_INPUT_FEATURES, 8, NUM_CLASSES],
        "add_skip_connection": False,
        "bias": True,
        "dropout": 0.6,
        "layer_type": LayerType.IMP3,
        "seed": 1,
    }
    training_config = dict()
    for arg in vars(args):
        training_config[arg] = getattr(args, arg)
    training_config.update(gat_config)
    return training_config


if __name__ == '__main__':
    models = {}
    for layer_type in [LayerType.IMP3, LayerType.IMP2, LayerType.IMP1]:
        config = get_training_args(["--num_of_epochs", "6", "--patience_period", "3", "--console_log_freq", "2", "--should_test"])
        config['layer_type'] = layer_type
        models[layer_type] = train_gat(config)
    # The three implementations compute the same function: copy IMP3's weights into IMP2's layout.
    imp3, imp2 = models[LayerType.IMP3], models[LayerType.IMP2]
    imp2.load_state_dict(imp3.state_dict())
    imp3.eval()
    imp2.eval()
    feats, labels, edge_index, *_ = load_graph_data({'layer_type': LayerType.IMP3})
    _, _, mask, *_ = load_graph_data({'layer_type': LayerType.IMP2})
    with torch.no_grad():
        out3 = imp3((feats, edge_index))[0]
        out2 = imp2((feats, mask))[0]
    print('IMP2 == IMP3:', torch.allclose(out3, out2, atol=1e-5), tuple(out3.shape))
    print(LayerType.IMP1.value, LoopPhase.TEST.name, PATIENCE_CNT)
