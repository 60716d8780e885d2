//! Rate limits: a token bucket.

use std::time::Instant;

/// A token bucket: `rate` tokens a second, at most `burst` saved up.
#[derive(Clone, Debug)]
pub struct TokenBucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl TokenBucket {
    /// A full bucket.
    pub fn new(rate: f64, burst: f64) -> TokenBucket {
        let burst = burst.max(1.0);
        TokenBucket {
            rate: rate.max(0.0),
            burst,
            tokens: burst,
            last: Instant::now(),
        }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        self.take_at(Instant::now())
    }

    /// Takes a token if there is one at `now`.
    pub fn take_at(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_bucket_gives_its_burst_then_its_rate() {
        let start = Instant::now();
        let mut b = TokenBucket::new(10.0, 5.0);
        b.last = start;
        for _ in 0..5 {
            assert!(b.take_at(start));
        }
        assert!(!b.take_at(start));
        // 10 a second: one more after 100 ms, not two.
        let later = start + Duration::from_millis(100);
        assert!(b.take_at(later));
        assert!(!b.take_at(later));
        // Never more than the burst saved up.
        let much_later = later + Duration::from_secs(60);
        for _ in 0..5 {
            assert!(b.take_at(much_later));
        }
        assert!(!b.take_at(much_later));
    }
}
