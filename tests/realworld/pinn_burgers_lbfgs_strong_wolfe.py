# Real-program corpus (tests/realworld, see README.md): jayroxis/PINNs @
# fcc37d2fb2c920eebddd29ea141bf9b3caba4d92 ("Burgers Equation/Burgers Inference (PyTorch).ipynb", its code
# cells in order): a physics-informed network for the viscous Burgers equation. DNN stacks Linear/Tanh
# layers from an OrderedDict into nn.Sequential; PhysicsInformedNN holds the collocation points as
# requires_grad leaf tensors (torch.tensor(ndarray slice, requires_grad=True).float()), takes u_t, u_x and
# u_xx with torch.autograd.grad(..., grad_outputs=ones_like, retain_graph=True, create_graph=True) and
# trains the data + residual loss with one torch.optim.LBFGS step (line_search_fn="strong_wolfe",
# tolerance_change = np.finfo(float).eps) whose closure zero_grads, backpropagates through the second
# derivatives and counts its calls; predict() evaluates u and the residual f on the whole grid.
# Changes from the origin: scipy.io.loadmat of burgers_shock.mat is a 32 x 25 grid of -sin(pi x) exp(-t),
# pyDOE's lhs is np.random.rand (the same shape), scipy's griddata is a reshape to the grid (the points
# are the grid's); N_f 300, layers [2, 16, 16, 16, 1], max_iter 30 / max_eval 40 instead of 50000,
# a print every 10 evaluations with 4 decimals, torch.manual_seed added; the plots dropped; prints
# the evaluation count and the error.
import torch
from collections import OrderedDict

import numpy as np

np.random.seed(1234)
torch.manual_seed(1234)

# CUDA support 
if torch.cuda.is_available():
    device = torch.device('cuda')
else:
    device = torch.device('cpu')

# the deep neural network
class DNN(torch.nn.Module):
    def __init__(self, layers):
        super(DNN, self).__init__()
        
        # parameters
        self.depth = len(layers) - 1
        
        # set up layer order dict
        self.activation = torch.nn.Tanh
        
        layer_list = list()
        for i in range(self.depth - 1): 
            layer_list.append(
                ('layer_%d' % i, torch.nn.Linear(layers[i], layers[i+1]))
            )
            layer_list.append(('activation_%d' % i, self.activation()))
            
        layer_list.append(
            ('layer_%d' % (self.depth - 1), torch.nn.Linear(layers[-2], layers[-1]))
        )
        layerDict = OrderedDict(layer_list)
        
        # deploy layers
        self.layers = torch.nn.Sequential(layerDict)
        
    def forward(self, x):
        out = self.layers(x)
        return out

# the physics-guided neural network
class PhysicsInformedNN():
    def __init__(self, X_u, u, X_f, layers, lb, ub, nu):
        
        # boundary conditions
        self.lb = torch.tensor(lb).float().to(device)
        self.ub = torch.tensor(ub).float().to(device)
        
        # data
        self.x_u = torch.tensor(X_u[:, 0:1], requires_grad=True).float().to(device)
        self.t_u = torch.tensor(X_u[:, 1:2], requires_grad=True).float().to(device)
        self.x_f = torch.tensor(X_f[:, 0:1], requires_grad=True).float().to(device)
        self.t_f = torch.tensor(X_f[:, 1:2], requires_grad=True).float().to(device)
        self.u = torch.tensor(u).float().to(device)
        
        self.layers = layers
        self.nu = nu
        
        # deep neural networks
        self.dnn = DNN(layers).to(device)
        
        # optimizers: using the same settings
        self.optimizer = torch.optim.LBFGS(
            self.dnn.parameters(), 
            lr=1.0, 
            max_iter=30, 
            max_eval=40, 
            history_size=50,
            tolerance_grad=1e-5, 
            tolerance_change=1.0 * np.finfo(float).eps,
            line_search_fn="strong_wolfe"       # can be "strong_wolfe"
        )

        self.iter = 0
        
    def net_u(self, x, t):  
        u = self.dnn(torch.cat([x, t], dim=1))
        return u
    
    def net_f(self, x, t):
        """ The pytorch autograd version of calculating residual """
        u = self.net_u(x, t)
        
        u_t = torch.autograd.grad(
            u, t, 
            grad_outputs=torch.ones_like(u),
            retain_graph=True,
            create_graph=True
        )[0]
        u_x = torch.autograd.grad(
            u, x, 
            grad_outputs=torch.ones_like(u),
            retain_graph=True,
            create_graph=True
        )[0]
        u_xx = torch.autograd.grad(
            u_x, x, 
            grad_outputs=torch.ones_like(u_x),
            retain_graph=True,
            create_graph=True
        )[0]
        
        f = u_t + u * u_x - self.nu * u_xx
        return f
    
    def loss_func(self):
        self.optimizer.zero_grad()
        
        u_pred = self.net_u(self.x_u, self.t_u)
        f_pred = self.net_f(self.x_f, self.t_f)
        loss_u = torch.mean((self.u - u_pred) ** 2)
        loss_f = torch.mean(f_pred ** 2)
        
        loss = loss_u + loss_f
        
        loss.backward()
        self.iter += 1
        if self.iter % 10 == 0:
            print(
                'Iter %d, Loss: %.4f, Loss_u: %.4f, Loss_f: %.4f' % (self.iter, loss.item(), loss_u.item(), loss_f.item())
            )
        return loss
    
    def train(self):
        self.dnn.train()
                
        # Backward and optimize
        self.optimizer.step(self.loss_func)

            
    def predict(self, X):
        x = torch.tensor(X[:, 0:1], requires_grad=True).float().to(device)
        t = torch.tensor(X[:, 1:2], requires_grad=True).float().to(device)

        self.dnn.eval()
        u = self.net_u(x, t)
        f = self.net_f(x, t)
        u = u.detach().cpu().numpy()
        f = f.detach().cpu().numpy()
        return u, f

nu = 0.01/np.pi
noise = 0.0        

N_u = 50
N_f = 300
layers = [2, 16, 16, 16, 1]

# synthetic stand-in for burgers_shock.mat; pyDOE's lhs as uniform draws
def lhs(n, samples):
    return np.random.rand(samples, n)
t = np.linspace(0, 1, 25)[:,None]
x = np.linspace(-1, 1, 32)[:,None]
Exact = (-np.sin(np.pi * x) * np.exp(-t.T)).T

X, T = np.meshgrid(x,t)

X_star = np.hstack((X.flatten()[:,None], T.flatten()[:,None]))
u_star = Exact.flatten()[:,None]              

# Doman bounds
lb = X_star.min(0)
ub = X_star.max(0)    

xx1 = np.hstack((X[0:1,:].T, T[0:1,:].T))
uu1 = Exact[0:1,:].T
xx2 = np.hstack((X[:,0:1], T[:,0:1]))
uu2 = Exact[:,0:1]
xx3 = np.hstack((X[:,-1:], T[:,-1:]))
uu3 = Exact[:,-1:]

X_u_train = np.vstack([xx1, xx2, xx3])
X_f_train = lb + (ub-lb)*lhs(2, N_f)
X_f_train = np.vstack((X_f_train, X_u_train))
u_train = np.vstack([uu1, uu2, uu3])

idx = np.random.choice(X_u_train.shape[0], N_u, replace=False)
X_u_train = X_u_train[idx, :]
u_train = u_train[idx,:]

model = PhysicsInformedNN(X_u_train, u_train, X_f_train, layers, lb, ub, nu)

               
model.train()
print('evaluations:', model.iter, 'optimizer state n_iter:', model.optimizer.state_dict()['state'][0]['n_iter'], 'func_evals:', model.optimizer.state_dict()['state'][0]['func_evals'])

u_pred, f_pred = model.predict(X_star)

error_u = np.linalg.norm(u_star-u_pred,2)/np.linalg.norm(u_star,2)
print('Error u: %.3f' % (error_u))                     

U_pred = u_pred.reshape(X.shape)
Error = np.abs(Exact - U_pred)
print('u_pred', u_pred.shape, 'f_pred', f_pred.shape, 'max |f|: %.3f' % np.abs(f_pred).max())
print('Error max: %.3f' % Error.max())
