import Presentation
import Testing

@MainActor
@Suite("Box bindings")
struct BoxTests {
    @Test func bindingHearsTheCurrentValueAtOnce() {
        let box = Box("landing")
        var heard: [String] = []
        let binding = box.bind { heard.append($0) }
        #expect(heard == ["landing"])
        binding.unbind()
    }

    @Test func bindingHearsEveryChangeInOrder() {
        let box = Box(0)
        var heard: [Int] = []
        let binding = box.bind { heard.append($0) }
        box.value = 1
        box.value = 2
        #expect(heard == [0, 1, 2])
        binding.unbind()
    }

    @Test func unbindingStopsTheListener() {
        let box = Box(0)
        var heard: [Int] = []
        let binding = box.bind { heard.append($0) }
        binding.unbind()
        box.value = 5
        #expect(heard == [0])
        #expect(box.listenerCount == 0)
    }

    @Test func droppingTheBindingStopsTheListener() {
        let box = Box(0)
        var heard: [Int] = []
        do {
            let binding = box.bind { heard.append($0) }
            _ = binding
        }
        box.value = 7
        #expect(heard == [0])
        #expect(box.listenerCount == 0)
    }

    @Test func severalListenersEachHearChanges() {
        let box = Box("a")
        var first: [String] = []
        var second: [String] = []
        let one = box.bind { first.append($0) }
        let two = box.bind { second.append($0) }
        box.value = "b"
        one.unbind()
        box.value = "c"
        #expect(first == ["a", "b"])
        #expect(second == ["a", "b", "c"])
        two.unbind()
    }
}
