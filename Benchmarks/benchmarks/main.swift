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
_ = time("pi 1e8") { primeCount(upTo: 100_000_000) }
_ = time("pi 1e9") { primeCount(upTo: 1_000_000_000) }
_ = time("top Int 1e6") { primeCount(in: Int.max - 1_000_000...Int.max) }
_ = time("nth 1e7") { nthPrime(10_000_000) }
_ = time("gen 1e7") { primes(upTo: 10_000_000).count }
