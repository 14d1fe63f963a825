using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.ServiceModel;
using System.Threading.Tasks;

namespace Tailspin.Everything
{
    public interface IEverythingCallback
    {
        [OperationContract(IsOneWay = true)]
        void Progress(int percent);

        [OperationContract]
        string Answer(string question, out int length);
    }

    [ServiceContract(Namespace = "urn:tailspin:everything", CallbackContract = typeof(IEverythingCallback))]
    public interface IEverything
    {
        [OperationContract] Scalars EchoScalars(Scalars value);
        [OperationContract] Collections EchoCollections(Collections value);
        [OperationContract] Shape? EchoShape(Shape? value);
        [OperationContract] Node EchoNode(Node value);
        [OperationContract] Sealed EchoSealed(Sealed value);
        [OperationContract] Legacy EchoLegacy(Legacy value);
        [OperationContract] Poco EchoPoco(Poco value);
        [OperationContract] Page<Point> EchoPage(Page<Point> value);
        [OperationContract] Envelope EchoEnvelope(Envelope value);
        [OperationContract] Bag EchoBag(Bag value);
        [OperationContract] int Swap(ref string left, ref string right, out DateTime at);
        [OperationContract] Task<decimal> SumAsync(List<decimal> values);

        [OperationContract(AsyncPattern = true)]
        IAsyncResult BeginConcat(string first, string second, AsyncCallback? callback, object? state);

        string EndConcat(IAsyncResult result);

        [OperationContract] Stream Download(int size);
        [OperationContract] long Upload(Stream data);
        [OperationContract(IsOneWay = true)] void Notify(string what);
        [OperationContract] int Notified();
        [OperationContract] string AskBack(string question);

        [OperationContract]
        [FaultContract(typeof(byte[]))]
        void Reject(byte[] reason);
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerSession, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public class EverythingService : IEverything
    {
        private readonly List<string> _notes = new List<string>();

        public Scalars EchoScalars(Scalars value) => value;
        public Collections EchoCollections(Collections value) => value;
        public Shape? EchoShape(Shape? value) => value;
        public Node EchoNode(Node value) => value;
        public Sealed EchoSealed(Sealed value) => value;
        public Legacy EchoLegacy(Legacy value) => value;
        public Poco EchoPoco(Poco value) => value;
        public Page<Point> EchoPage(Page<Point> value) => value;
        public Envelope EchoEnvelope(Envelope value) => value;
        public Bag EchoBag(Bag value) => value;

        public int Swap(ref string left, ref string right, out DateTime at)
        {
            (left, right) = (right, left);
            at = new DateTime(2001, 2, 3, 4, 5, 6, DateTimeKind.Local);
            return left.Length + right.Length;
        }

        public Task<decimal> SumAsync(List<decimal> values) => Task.FromResult(values.Sum());

        public IAsyncResult BeginConcat(string first, string second, AsyncCallback? callback, object? state)
        {
            var task = Task.FromResult(first + second);
            var result = new TaskResult(task, state);
            callback?.Invoke(result);
            return result;
        }

        public string EndConcat(IAsyncResult result) => ((TaskResult)result).Task.Result;

        public Stream Download(int size) => new MemoryStream(Enumerable.Range(0, size).Select(i => (byte)(i % 251)).ToArray());

        public long Upload(Stream data)
        {
            long total = 0;
            var buffer = new byte[1000];
            int read;
            while ((read = data.Read(buffer, 0, buffer.Length)) > 0)
            {
                for (var i = 0; i < read; i++)
                {
                    total += buffer[i];
                }
            }

            return total;
        }

        public void Notify(string what)
        {
            lock (_notes)
            {
                _notes.Add(what);
            }
        }

        public int Notified()
        {
            lock (_notes)
            {
                return _notes.Count;
            }
        }

        public string AskBack(string question)
        {
            var callback = OperationContext.Current.GetCallbackChannel<IEverythingCallback>();
            callback.Progress(50);
            var answer = callback.Answer(question, out var length);
            return answer + "/" + length;
        }

        public void Reject(byte[] reason) => throw new FaultException<byte[]>(reason, "rejected");

        private sealed class TaskResult : IAsyncResult
        {
            public TaskResult(Task<string> task, object? state) => (Task, AsyncState) = (task, state);

            public Task<string> Task { get; }
            public object? AsyncState { get; }
            public System.Threading.WaitHandle AsyncWaitHandle => ((IAsyncResult)Task).AsyncWaitHandle;
            public bool CompletedSynchronously => true;
            public bool IsCompleted => true;
        }
    }
}
