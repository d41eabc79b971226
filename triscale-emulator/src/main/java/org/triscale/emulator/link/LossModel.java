package org.triscale.emulator.link;

import org.apache.commons.rng.UniformRandomProvider;
import org.apiguardian.api.API;

/**
 * Random packet loss on a path, independent of congestion: {@link Bernoulli} (each packet lost
 * independently) or {@link GilbertElliott} (bursts: a two-state Markov chain with a loss
 * probability per state, Gilbert 1960, Elliott 1963). A model is a value; each run draws its
 * losses from a fresh {@link #process} on the run's random stream.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public sealed interface LossModel permits LossModel.Bernoulli, LossModel.GilbertElliott {

    /**
     * The long-run fraction of packets lost.
     *
     * @return in [0, 1)
     */
    double meanLoss();

    /**
     * A fresh loss process.
     *
     * @param random the run's stream for this path
     * @return the process
     */
    Process process(UniformRandomProvider random);

    /** Decides, packet by packet, whether the path loses it. */
    interface Process {
        /**
         * Whether the next packet is lost.
         *
         * @return true to drop it
         */
        boolean lose();
    }

    /**
     * Each packet is lost independently with probability {@code p}.
     *
     * @param p the loss probability, in [0, 1)
     */
    record Bernoulli(double p) implements LossModel {
        /**
         * Validates the probability.
         *
         * @param p the loss probability, in [0, 1)
         * @throws IllegalArgumentException if {@code p} is outside [0, 1)
         */
        public Bernoulli {
            checkProbability("Bernoulli loss p", p, false);
        }

        @Override
        public double meanLoss() {
            return p;
        }

        @Override
        public Process process(UniformRandomProvider random) {
            return () -> p > 0 && random.nextDouble() < p;
        }
    }

    /**
     * The Gilbert–Elliott channel: a good and a bad state; before each packet the state changes
     * with probability {@code goodToBad} (from good) or {@code badToGood} (from bad), then the
     * packet is lost with the state's loss probability. The chain starts in the good state.
     * The mean burst (bad-state) length is {@code 1 / badToGood} packets.
     *
     * @param goodToBad  probability of moving from good to bad, in (0, 1]
     * @param badToGood  probability of moving from bad to good, in (0, 1]
     * @param lossInGood loss probability in the good state, in [0, 1)
     * @param lossInBad  loss probability in the bad state, in [0, 1]
     */
    record GilbertElliott(double goodToBad, double badToGood, double lossInGood, double lossInBad)
            implements LossModel {
        /**
         * Validates the probabilities.
         *
         * @param goodToBad probability of moving from good to bad, in (0, 1]
         * @param badToGood probability of moving from bad to good, in (0, 1]
         * @param lossInGood loss probability in the good state, in [0, 1)
         * @param lossInBad loss probability in the bad state, in [0, 1]
         * @throws IllegalArgumentException naming the first probability out of range
         */
        public GilbertElliott {
            if (!(goodToBad > 0 && goodToBad <= 1)) {
                throw new IllegalArgumentException("Gilbert-Elliott goodToBad must be in (0, 1], got " + goodToBad
                        + "; use for example 0.01");
            }
            if (!(badToGood > 0 && badToGood <= 1)) {
                throw new IllegalArgumentException("Gilbert-Elliott badToGood must be in (0, 1], got " + badToGood
                        + "; 1 / badToGood is the mean burst length in packets, e.g. 0.25 for 4");
            }
            checkProbability("Gilbert-Elliott lossInGood", lossInGood, false);
            checkProbability("Gilbert-Elliott lossInBad", lossInBad, true);
        }

        /**
         * The simple Gilbert model: no loss in the good state, every packet lost in the bad one,
         * with the given mean loss and mean burst length.
         *
         * @param meanLoss        the long-run loss fraction, in (0, 1)
         * @param meanBurstLength the mean number of consecutive losses, &gt;= 1
         * @return the model
         * @throws IllegalArgumentException if the pair is not reachable
         */
        public static GilbertElliott bursts(double meanLoss, double meanBurstLength) {
            if (!(meanLoss > 0 && meanLoss < 1) || !(meanBurstLength >= 1)) {
                throw new IllegalArgumentException("bursts need meanLoss in (0, 1) and meanBurstLength >= 1, got "
                        + meanLoss + " and " + meanBurstLength);
            }
            double badToGood = 1 / meanBurstLength;
            // Stationary share of the bad state: g / (g + b) = meanLoss.
            double goodToBad = meanLoss * badToGood / (1 - meanLoss);
            return new GilbertElliott(Math.min(1, goodToBad), badToGood, 0, 1);
        }

        @Override
        public double meanLoss() {
            double bad = goodToBad / (goodToBad + badToGood);
            return (1 - bad) * lossInGood + bad * lossInBad;
        }

        @Override
        public Process process(UniformRandomProvider random) {
            return new Process() {
                private boolean badState;

                @Override
                public boolean lose() {
                    badState = badState ? random.nextDouble() >= badToGood : random.nextDouble() < goodToBad;
                    double p = badState ? lossInBad : lossInGood;
                    return p > 0 && random.nextDouble() < p;
                }
            };
        }
    }

    private static void checkProbability(String name, double p, boolean oneAllowed) {
        boolean ok = p >= 0 && (oneAllowed ? p <= 1 : p < 1);
        if (!ok) {
            throw new IllegalArgumentException(name + " must be in [0, 1" + (oneAllowed ? "]" : ")") + ", got " + p);
        }
    }
}
