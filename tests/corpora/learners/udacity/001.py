import numpy; import torch; torch.manual_seed(0); numpy.random.seed(0)  # edit: seed
dec_hidden_state = [5,1,20]

# edit: notebook magic: %matplotlib inline
import numpy as np
pass  # edit: plotting removed
pass  # edit: plotting removed

# Let's visualize our decoder hidden state
pass  # edit: plotting removed
pass  # edit: plotting removed

annotation = [3,12,45] #e.g. Encoder hidden state

# Let's visualize the single annotation
pass  # edit: plotting removed
pass  # edit: plotting removed

def single_dot_attention_score(dec_hidden_state, enc_hidden_state):
    # TODO: return the dot product of the two vectors
    return 
    
print(single_dot_attention_score(dec_hidden_state, annotation))  # edit: the cell's shown value

annotations = np.transpose([[3,12,45], [59,2,5], [1,43,5], [4,3,45.3]])

# Let's visualize our annotation (each column is an annotation)
pass  # edit: plotting removed

def dot_attention_score(dec_hidden_state, annotations):
    # TODO: return the product of dec_hidden_state transpose and annotations
    return 
    
attention_weights_raw = dot_attention_score(dec_hidden_state, annotations)
print(attention_weights_raw)  # edit: the cell's shown value

def softmax(x):
    x = np.array(x, dtype=np.float128)
    e_x = np.exp(x)
    return e_x / e_x.sum(axis=0) 

attention_weights = softmax(attention_weights_raw)
print(attention_weights)  # edit: the cell's shown value

def apply_attention_scores(attention_weights, annotations):
    # TODO: Multiple the annotations by their weights
    return

applied_attention = apply_attention_scores(attention_weights, annotations)
print(applied_attention)  # edit: the cell's shown value

# Let's visualize our annotations after applying attention to them
pass  # edit: plotting removed
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (AxisError: axis 1 is out of bounds for array of dimension 0)
