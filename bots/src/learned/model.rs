//! The policy network: a multilayer perceptron scoring one move's features,
//! read from its text form.

use alloc::vec::Vec;

/// Why a model's text was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The text does not start with `learned-policy 1`.
    #[error("not a learned policy (expected the header `learned-policy 1`)")]
    Header,
    /// A number is missing or does not parse.
    #[error("token {0}: expected a number")]
    Number(usize),
    /// A layer's input width is not the previous layer's output width, or the
    /// last layer does not give one number.
    #[error("layer {0}: its width does not follow from the previous layer")]
    Shape(usize),
    /// The input width is not the one the features give.
    #[error("the model takes {0} features, the encoding gives {1}")]
    Features(usize, usize),
    /// Text is left after the last layer.
    #[error("text after the last layer")]
    Trailing,
}

/// One fully connected layer: `out = weights · input + bias`.
#[derive(Clone, Debug, PartialEq)]
struct Dense {
    inputs: usize,
    outputs: usize,
    /// Row-major, `outputs` rows of `inputs`.
    weights: Vec<f32>,
    bias: Vec<f32>,
}

/// The network: inputs standardised (`(x - mean) * scale`), then dense layers
/// with ReLU between them; the last gives the move's logit.
///
/// The text form (written by `python/carcassonne_safari/bc.py`): the header
/// `learned-policy 1`, `features N`, `norm` and N means then N scales, then
/// per layer `dense IN OUT`, OUT×IN weights (row-major) and OUT biases. Numbers
/// are separated by whitespace.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    mean: Vec<f32>,
    scale: Vec<f32>,
    layers: Vec<Dense>,
}

impl Model {
    /// The model from its text form, for inputs of `features` numbers.
    ///
    /// # Errors
    /// [`ModelError`] when the text is not a well-formed model of that width.
    pub fn parse(text: &str, features: usize) -> Result<Model, ModelError> {
        let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
        let mut at = 0;
        if tokens.get(..3) != Some(&["learned-policy", "1", "features"][..]) {
            return Err(ModelError::Header);
        }
        at += 3;
        let read = |n: usize, at: &mut usize| -> Result<Vec<f32>, ModelError> {
            (0..n)
                .map(|_| {
                    let i = *at;
                    *at += 1;
                    tokens
                        .get(i)
                        .and_then(|t| t.parse::<f32>().ok())
                        .filter(|x| x.is_finite())
                        .ok_or(ModelError::Number(i))
                })
                .collect()
        };
        let width = read(1, &mut at)?[0] as usize;
        if width != features {
            return Err(ModelError::Features(width, features));
        }
        if tokens.get(at) != Some(&"norm") {
            return Err(ModelError::Header);
        }
        at += 1;
        let mean = read(width, &mut at)?;
        let scale = read(width, &mut at)?;
        let mut layers: Vec<Dense> = Vec::new();
        while let Some(&w) = tokens.get(at) {
            if w != "dense" {
                return Err(ModelError::Trailing);
            }
            at += 1;
            let inputs = read(1, &mut at)?[0] as usize;
            let outputs = read(1, &mut at)?[0] as usize;
            let expected_in = layers.last().map_or(width, |l| l.outputs);
            if inputs != expected_in || outputs == 0 {
                return Err(ModelError::Shape(layers.len()));
            }
            let weights = read(inputs * outputs, &mut at)?;
            let bias = read(outputs, &mut at)?;
            layers.push(Dense {
                inputs,
                outputs,
                weights,
                bias,
            });
        }
        if layers.last().is_none_or(|l| l.outputs != 1) {
            return Err(ModelError::Shape(layers.len()));
        }
        Ok(Model { mean, scale, layers })
    }

    /// Its input width.
    pub fn features(&self) -> usize {
        self.mean.len()
    }

    /// The number of weights and biases.
    pub fn parameters(&self) -> usize {
        self.layers.iter().map(|l| l.weights.len() + l.bias.len()).sum()
    }

    /// The logit of each row of `rows` (rows of [`Model::features`] numbers,
    /// one per move), written to `out` (cleared first).
    pub fn logits(&self, rows: &[f32], out: &mut Vec<f32>) {
        out.clear();
        let width = self.features();
        let widest = self
            .layers
            .iter()
            .map(|l| l.outputs)
            .max()
            .unwrap_or(1)
            .max(width);
        let mut a = alloc::vec![0.0f32; widest];
        let mut b = alloc::vec![0.0f32; widest];
        for row in rows.chunks_exact(width) {
            for (k, (&x, (&m, &s))) in row.iter().zip(self.mean.iter().zip(&self.scale)).enumerate() {
                a[k] = (x - m) * s;
            }
            let last = self.layers.len() - 1;
            for (l, layer) in self.layers.iter().enumerate() {
                for (o, out) in b[..layer.outputs].iter_mut().enumerate() {
                    let w = &layer.weights[o * layer.inputs..(o + 1) * layer.inputs];
                    let mut sum = layer.bias[o];
                    for (wi, xi) in w.iter().zip(&a[..layer.inputs]) {
                        sum += wi * xi;
                    }
                    *out = if l < last { sum.max(0.0) } else { sum };
                }
                core::mem::swap(&mut a, &mut b);
            }
            out.push(a[0]);
        }
    }
}
