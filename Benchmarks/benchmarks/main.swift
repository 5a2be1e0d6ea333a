import Primes
import Dispatch
import Foundation

func time<T>(_ label: String, _ body: () -> T) -> T {
  let start = DispatchTime.now().uptimeNanoseconds
  let result = body()
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  print(label, result, String(format: "%.3f s", seconds))
  return result
}
_ = time("pi(1e6)") { primeCount(upTo: 1_000_000) }
_ = time("pi(1e9)") { primeCount(upTo: 1_000_000_000) }
PrimeSieve.threadCount = 1
_ = time("pi(1e9) 1t") { primeCount(upTo: 1_000_000_000) }
_ = time("pi(1e10) 1t") { primeCount(upTo: 10_000_000_000) }
PrimeSieve.threadCount = 2
_ = time("pi(1e10) 2t") { primeCount(upTo: 10_000_000_000) }
_ = time("gen 1e9") { primes(upTo: 1_000_000_000).count }
_ = time("nth 1e8") { nthPrime(100_000_000) }
_ = time("seq 1e18") { Array(PrimeSequence(from: 1_000_000_000_000_000_000).prefix(3)) }
_ = time("top") { primes(in: UInt64.max - 100...UInt64.max) }
