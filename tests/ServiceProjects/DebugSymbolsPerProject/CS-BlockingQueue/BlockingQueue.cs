///////////////////////////////////////////////////////////////////////
// BlockingQueue.cs - Thread-safe blocking queue                     //
// ver 1.0                                                           //
///////////////////////////////////////////////////////////////////////
/*
 * Package Operations:
 * -------------------
 * Implements a generic blocking queue: deQ() waits until an item is
 * enqueued. Build the Debug configuration to run its test stub.
 */
using System;
using System.Collections;
using System.Threading;

namespace CS_BlockingQueue
{
    public class BlockingQueue<T>
    {
        private Queue blockingQ;
        private object locker_ = new object();

        public BlockingQueue()
        {
            blockingQ = new Queue();
        }

        public void enQ(T msg)
        {
            lock (locker_)
            {
                blockingQ.Enqueue(msg);
                Monitor.Pulse(locker_);
            }
        }

        public T deQ()
        {
            T msg = default(T);
            lock (locker_)
            {
                while (this.size() == 0)
                {
                    Monitor.Wait(locker_);
                }
                msg = (T)blockingQ.Dequeue();
                return msg;
            }
        }

        public int size()
        {
            int count;
            lock (locker_) { count = blockingQ.Count; }
            return count;
        }
    }


#if (TEST_BLOCKINGQUEUE)
    class TestStub
    {
        static void Main(string[] args)
        {
            Console.Write("\n  Testing Monitor-Based Blocking Queue");
            BlockingQueue<string> q = new BlockingQueue<string>();
            Thread t = new Thread(() =>
            {
                string msg;
                while (true)
                {
                    msg = q.deQ(); Console.Write("\n  child thread received {0}", msg);
                    if (msg == "quit") break;
                }
            });
            t.Start();
            q.enQ("msg #1");
            q.enQ("quit");
            t.Join();
        }
#endif
}


}
