using Communication;

namespace Peer
{
    // The peer's type names its receiver: Comm<Peer> hosts Receiver<Peer>.
    public class Peer
    {
        public Comm<Peer> comm { get; set; } = new Comm<Peer>();

        public string endPoint { get; } = Comm<Peer>.makeEndPoint("http://localhost", 8080);
    }
}
