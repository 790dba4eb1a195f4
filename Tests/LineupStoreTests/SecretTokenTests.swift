import Testing

@testable import LineupStore

@Suite("secret tokens and SHA-256")
struct SecretTokenTests {
    /// FIPS 180-4's examples, and the boundaries of padding (55, 56 and 64 bytes).
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (String(repeating: "a", count: 56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
    ])
    func digestsMatchTheStandard(message: String, digest: String) {
        #expect(SecretToken.digest(message) == digest)
    }

    @Test func aMillionAs() {
        #expect(
            SecretToken.digest(String(repeating: "a", count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func tokensAre256RandomBitsInBase64URL() {
        let tokens = (0..<200).map { _ in SecretToken.make() }
        #expect(Set(tokens).count == 200)
        for token in tokens {
            #expect(token.count == 43)
            #expect(SecretToken.isWellFormed(token))
        }
        // Every one of the 64 characters turns up, and padding never does.
        #expect(Set(tokens.joined()).count == 64)
        #expect(!SecretToken.isWellFormed(String(repeating: "a", count: 42)))
        #expect(!SecretToken.isWellFormed(String(repeating: "a", count: 42) + "="))
        #expect(!SecretToken.isWellFormed(String(repeating: "a", count: 42) + "é"))
    }

    @Test func base64URLMatchesTheStandardAlphabet() {
        #expect(SecretToken.base64URL(Array("Man".utf8)) == "TWFu")
        #expect(SecretToken.base64URL(Array("Ma".utf8)) == "TWE")
        #expect(SecretToken.base64URL([0xFB, 0xFF]) == "-_8")
    }
}
