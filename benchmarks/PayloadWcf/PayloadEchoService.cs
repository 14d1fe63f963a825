using System.Collections.Generic;
using System.ServiceModel;

namespace PayloadWcf
{
    /// <summary>Answers with what it was sent: the time of a call is the message's way there and back.</summary>
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public sealed class PayloadEchoService : IPayloadEcho
    {
        /// <inheritdoc />
        public Document EchoDocument(Document document) { return document; }

        /// <inheritdoc />
        public List<Reading> EchoReadings(List<Reading> readings) { return readings; }
    }
}
